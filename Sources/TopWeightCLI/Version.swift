/// The program's version: the one place it is written. `topweight --version`,
/// `topweight check` and `Scripts/package` (the tarball's name) read it.
public enum TopWeightVersion {
    public static let current = "0.9.0"
}
