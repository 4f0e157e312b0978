import Crypto
import Foundation
import NIOCore
import Synchronization
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// The board as served: the page and its JSON rendered once per change of
/// the logbook and handed to every viewer as the same bytes. Viewers never
/// query the database; the refresher does, once a change.
public final class BoardCache: Sendable {
    /// One rendering of the figures.
    public struct Rendered: Sendable {
        public var html: ByteBuffer
        public var json: ByteBuffer
        /// The entity tag of both (they are one version of the figures).
        public var etag: String
    }

    private let current = Mutex<Rendered?>(nil)
    /// The figures last rendered: the same figures again keep their bytes and ETag.
    private let shown = Mutex<BoardFigures?>(nil)
    private let version = Atomic<Int>(0)
    /// Tells this process's versions from another's (a restarted server).
    private let nonce = String(UInt32.random(in: .min ... .max), radix: 36)

    public let title: String
    public let timeZone: TimeZone

    public init(title: String, timeZone: TimeZone) {
        self.title = title
        self.timeZone = timeZone
    }

    public var rendered: Rendered? { current.withLock { $0 } }

    /// Renders `figures` and serves them from now on; figures equal to the
    /// ones served already change nothing (viewers keep their 304s).
    public func update(_ figures: BoardFigures, at now: Date) {
        let same = shown.withLock { last in
            defer { last = figures }
            return last == figures
        }
        if same { return }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let time = calendar.dateComponents([.hour, .minute, .second], from: now)
        let updated = String(format: "%02d:%02d:%02d", time.hour ?? 0, time.minute ?? 0, time.second ?? 0)
        let html = BoardHTML.page(figures, title: title, updated: updated, timeZone: timeZone)
        let json = BoardJSON.document(figures, timeZone: timeZone)
        let next = version.add(1, ordering: .relaxed).newValue
        let rendered = Rendered(html: ByteBuffer(string: html), json: ByteBuffer(string: json), etag: "\"\(nonce)-\(next)\"")
        current.withLock { $0 = rendered }
    }

    /// The page's Content-Security-Policy: nothing but its own inline style
    /// and its one script (by hash), fetches to itself only.
    public static let contentSecurityPolicy: String = {
        let digest = SHA256.hash(data: Data(BoardHTML.script.utf8))
        let hash = Data(digest).base64EncodedString()
        return "default-src 'none'; script-src 'sha256-\(hash)'; style-src 'unsafe-inline'; connect-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()
}
