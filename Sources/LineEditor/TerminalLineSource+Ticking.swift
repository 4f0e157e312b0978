import CEditLine
import TopWeightCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - A prompt that counts down, redrawn between keys

/// libedit is not reentrant: nothing may draw while `el_gets` waits, but
/// its own key callback may hand it a key. So the wait for the next key is
/// cut in quarter seconds; between two, the ticking prompt is asked again
/// and, when it changed, the new one is put in and `Keymap.redrawKey` given
/// to libedit, whose `tw-redraw` refreshes the line (only what changed is
/// written; the text typed and the cursor stay). The idle timeout still
/// counts from the last key (`lastKeyAt`), not from the last redraw.
extension TerminalLineSource {
    enum Key {
        case key(Unicode.Scalar)
        case redraw
        case stop(ByteReader.Outcome)
    }

    /// How often the ticking prompt is asked, in milliseconds.
    static let tickMilliseconds: Int64 = 250

    /// The next key typed, or a redraw of the prompt due first: a tick of
    /// the countdown, or the terminal's new size (noticed within a tick,
    /// before the key that follows is drawn).
    func nextKey() -> Key {
        let idle = Int64(reader.timeoutMilliseconds)
        while true {
            if adoptNewWidth() { return .redraw }
            var wait = Self.tickMilliseconds
            if idle >= 0 {
                let left = idle - (Self.monotonicMilliseconds() - lastKeyAt)
                guard left > 0 else { return .stop(.timedOut) }
                wait = min(wait, left)
            }
            switch reader.ready(within: Int32(wait)) {
            case .timedOut:
                if adoptNewWidth() { return .redraw }
                guard let tick = ticker?() else { continue }
                shownPrompt = TerminalText.safe(tick.prompt)
                if tick.bell { write("\u{07}") }
                return .redraw
            case .byte:
                if adoptNewWidth() { return .redraw }
                lastKeyAt = Self.monotonicMilliseconds()
                return Self.key(reader.nextScalar())
            case let outcome:
                return .stop(outcome)
            }
        }
    }

    /// After a resize: the rows the line took cleared, libedit told the new
    /// width (`el_resize`, which also forgets what it had drawn), and the
    /// prompt fitted again, so the redraw that follows starts from a clean
    /// row. The terminal has reflowed the old line to the new width (tmux,
    /// VTE and most terminals do), so the cursor stands that many rows
    /// below the line's start.
    func adoptNewWidth() -> Bool {
        guard Signals.takeResize(), let editLine = self.editLine else { return false }
        let columns = Completion.terminalSize().columns
        var typed = ""
        if let line = el_wline(editLine)?.pointee, let start = line.buffer, let cursor = line.cursor, cursor > start {
            typed = String(String.UnicodeScalarView(UnsafeBufferPointer(start: start, count: cursor - start)
                .compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
        }
        let column = TerminalText.width(fittedPrompt) + TerminalText.width(typed)
        let rowsAbove = column / max(1, columns)
        write("\r" + (rowsAbove > 0 ? "\u{1B}[\(rowsAbove)A" : "") + "\u{1B}[J")
        el_resize(editLine)
        refitPrompt()
        return true
    }

    private static func key(_ read: Result<Unicode.Scalar, ByteReader.Outcome>) -> Key {
        switch read {
        case .success(let scalar): .key(scalar)
        case .failure(let outcome): .stop(outcome)
        }
    }

    static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// `tw-redraw`: the line refreshed with the prompt as it is now.
    static let redrawCallback: tw_command_fn = { _, _ in UInt8(CC_REFRESH) }
}
