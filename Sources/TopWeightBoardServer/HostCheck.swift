#if canImport(Glibc)
import Glibc
#endif

/// The names the board answers to, against DNS rebinding: a page on another
/// site whose name is made to point at the gym's board would reach it from a
/// member's browser with its own name in `Host`, so only the names the owner
/// gives (`serve --host`), `localhost`, the address the server is bound to,
/// and (bound to every address) this machine's own addresses are answered.
/// A request with no `Host`, or two, is refused too.
public struct HostCheck: Sendable, Hashable {
    /// The names and addresses answered, lower case, without port or brackets.
    public let allowed: Set<String>

    public init(names: [String], bind: String, ownAddresses: () -> [String] = HostCheck.interfaceAddresses) {
        var allowed = Set(names.map(Self.bare))
        allowed.formUnion(["localhost", "127.0.0.1", "::1", Self.bare(bind)])
        if ["0.0.0.0", "::", ""].contains(Self.bare(bind)) { allowed.formUnion(ownAddresses().map(Self.bare)) }
        allowed.remove("")
        self.allowed = allowed
    }

    public enum Verdict: Sendable, Hashable {
        case answer
        /// No `Host`, or more than one (400).
        case malformed
        /// A name this board doesn't answer to (421).
        case misdirected(String)
    }

    /// What to do with a request whose first `Host` is `authority` and that carries `extra` more.
    public func verdict(authority: String?, extra: Int) -> Verdict {
        guard let authority, extra == 0 else { return .malformed }
        return allowed.contains(Self.bare(authority)) ? .answer : .misdirected(authority)
    }

    /// `Board.Gym.LAN.:8080` as `board.gym.lan`, `[::1]:8080` as `::1`.
    static func bare(_ host: String) -> String {
        var host = Substring(host.lowercased())
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return String(host) }
            return String(host[host.index(after: host.startIndex)..<close])
        }
        // One colon: a port (IPv6 addresses come bracketed in Host, or bare with several colons as given to --bind).
        if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") { host = host[..<colon] }
        while host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }

    /// This machine's own IPv4 and IPv6 addresses (`getifaddrs`), without an IPv6 zone.
    public static func interfaceAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let start = first else { return [] }
        defer { freeifaddrs(start) }
        var addresses: [String] = []
        var next: UnsafeMutablePointer<ifaddrs>? = start
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            addresses.append(String(name.split(separator: "%").first ?? Substring(name)))
        }
        return addresses
    }
}
