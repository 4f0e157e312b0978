import Foundation

/// Buffered standard output for long listings: one write per 64 KiB.
final class OutputBuffer {
    private var pending = ""

    func line(_ text: String) {
        pending += text
        pending += "\n"
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        FileHandle.standardOutput.write(Data(pending.utf8))
        pending = ""
    }

    deinit { flush() }
}
