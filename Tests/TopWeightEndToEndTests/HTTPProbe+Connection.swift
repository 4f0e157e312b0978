import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension HTTPProbe {
    /// One TCP connection to a loopback port that the test drives byte by
    /// byte: a slow client, an idle one, a flood of them. Every wait is
    /// bounded by `poll`, so a server that never answers fails the test
    /// instead of hanging it. Not thread-safe: a test hands a connection to
    /// one other thread at most (a dribbler), and leaves it alone meanwhile.
    final class Connection: @unchecked Sendable {
        let fd: Int32
        private(set) var received: [UInt8] = []
        private(set) var closedByPeer = false

        /// Starts connecting without waiting (a flood's connections may sit in the
        /// server's queue); `waitConnected` waits for it. `from` is the loopback
        /// address it comes from (any of 127.0.0.0/8: another client on the LAN).
        init(port: Int, from source: String = "127.0.0.1") throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw Failure(description: "no socket: \(String(cString: strerror(errno)))") }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if source != "127.0.0.1" {
                var local = sockaddr_in()
                local.sin_family = sa_family_t(AF_INET)
                local.sin_addr.s_addr = inet_addr(source)
                let bound = withUnsafePointer(to: &local) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                guard bound == 0 else {
                    close(fd)
                    throw Failure(description: "cannot connect from \(source): \(String(cString: strerror(errno)))")
                }
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let started = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard started == 0 || errno == EINPROGRESS else {
                close(fd)
                throw Failure(description: "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
            }
        }

        deinit { close(fd) }

        /// Whether the connection is established within `seconds`.
        func waitConnected(within seconds: Double) -> Bool {
            guard wait(for: Int16(POLLOUT), seconds: seconds) else { return false }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0
        }

        /// Sends `text`; false once the server has closed the connection.
        @discardableResult
        func send(_ text: String) -> Bool {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN, wait(for: Int16(POLLOUT), seconds: 5) { continue }
                    return false
                }
                bytes = bytes.dropFirst(sent)
            }
            return true
        }

        /// Reads what has come within `seconds`; true once the server closed
        /// the connection (end of file or a reset).
        @discardableResult
        func readUntilClosed(within seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while !closedByPeer {
                let left = deadline.timeIntervalSinceNow
                guard left > 0, wait(for: Int16(POLLIN), seconds: left) else { break }
                drain()
            }
            return closedByPeer
        }

        /// One whole answer (head and `Content-Length` body) within `seconds`, taken off what was received.
        func response(within seconds: Double) -> HTTPProbe.Reply? {
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                if let reply = takeResponse() { return reply }
                let left = deadline.timeIntervalSinceNow
                guard !closedByPeer, left > 0, wait(for: Int16(POLLIN), seconds: left) else { return nil }
                drain()
            }
        }

        private func takeResponse() -> HTTPProbe.Reply? {
            let text = String(decoding: received, as: UTF8.self)
            guard let split = text.range(of: "\r\n\r\n") else { return nil }
            let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
            let words = head.first?.split(separator: " ") ?? []
            guard words.count >= 2, let status = Int(words[1]) else { return nil }
            var fields: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let headBytes = text[..<split.upperBound].utf8.count
            let length = Int(fields["content-length"] ?? "0") ?? 0
            guard received.count >= headBytes + length else { return nil }
            let body = String(decoding: received[headBytes..<(headBytes + length)], as: UTF8.self)
            received.removeFirst(headBytes + length)
            return HTTPProbe.Reply(status: status, headers: fields, body: body)
        }

        private func drain() {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    received += buffer[0..<count]
                } else if count == 0 {
                    closedByPeer = true
                    return
                } else if errno == EINTR {
                    continue
                } else {
                    if errno != EAGAIN { closedByPeer = true }
                    return
                }
            }
        }

        private func wait(for events: Int16, seconds: Double) -> Bool {
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let milliseconds = Int32(max(0, min(seconds, 600)) * 1000)
            while true {
                let ready = poll(&entry, 1, milliseconds)
                if ready < 0, errno == EINTR { continue }
                return ready > 0
            }
        }
    }
}
