/// Which database locations name a PostgreSQL server rather than a file:
/// known to every program, the logger's too, which links no PostgreSQL
/// client and hands such a location to `topweight-postgres`.
public enum PostgresURL {
    /// True when `text` names a PostgreSQL database (`postgres://…` or `postgresql://…`).
    public static func matches(_ text: String) -> Bool {
        let lower = text.prefix(13).lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }
}
