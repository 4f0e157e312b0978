import TopWeightCore
import CEditLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Tab completion (libedit's callback)

extension TerminalLineSource {
    static let completeCallback: tw_command_fn = { editLine, _ in
        guard let editLine, let source = TerminalLineSource.source(of: editLine), let complete = source.completer,
              let info = el_line(editLine)
        else { return UInt8(CC_ERROR) }
        let start = UnsafeRawPointer(info.pointee.buffer)
        let cursor = UnsafeRawPointer(info.pointee.cursor)
        guard let start, let cursor else { return UInt8(CC_ERROR) }
        let typed = String(decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
        let answer = complete(typed)
        let candidates = answer.names
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        if answer.bestFirst { return source.offerBest(candidates, typed: typed, in: editLine) }
        let replacement = candidates.count == 1 ? candidates[0] : Completion.commonPrefix(candidates)
        if replacement.unicodeScalars.count >= typed.unicodeScalars.count, replacement != typed,
           candidates.count == 1 || replacement.count > typed.count || replacement.lowercased() == typed.lowercased() {
            el_deletestr(editLine, Int32(typed.unicodeScalars.count))
            el_insertstr(editLine, replacement)
            if candidates.count == 1 || replacement.count > typed.count { return UInt8(CC_REFRESH) }
        }
        // Nothing more in common: list the choices under the line, as shells do.
        source.list(candidates)
        return UInt8(CC_REDISPLAY)
    }

    /// Ranked candidates: the first Tab puts the best one in whole (`squat`
    /// → `Back Squat`); a second Tab on the line it left lists the others,
    /// best first. A line that is the best already lists the others at once.
    private func offerBest(_ candidates: [String], typed: String, in editLine: OpaquePointer) -> UInt8 {
        if let offer = lastOffer, offer.line == typed {
            guard !offer.others.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
            list(offer.others)
            return UInt8(CC_REDISPLAY)
        }
        let best = candidates[0]
        let others = Array(candidates.dropFirst())
        lastOffer = (best, others)
        if best != typed {
            el_deletestr(editLine, Int32(typed.unicodeScalars.count))
            el_insertstr(editLine, best)
            return UInt8(CC_REFRESH)
        }
        guard !others.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        list(others)
        return UInt8(CC_REDISPLAY)
    }

    /// The candidates under the line, in columns, at most a screen of them.
    private func list(_ candidates: [String]) {
        let size = Completion.terminalSize()
        write("\n" + Completion.columns(candidates, width: size.columns, rows: max(1, size.rows - 2)) + "\n")
    }
}
