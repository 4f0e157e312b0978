import Foundation
import NIOCore

/// Who holds the board's connections, so that one client, or a few, can't
/// keep the wall's screens from their page: each address may hold at most
/// `perAddress` connections (more are closed as they are accepted), and when
/// all `most` are taken, a newcomer takes the place of a connection of the
/// address holding the most, the one that has waited longest without being
/// answered anything (an idle or a dribbling one; a connection being answered
/// moves on in milliseconds), so a flood that tops itself up displaces itself. The server keeps
/// accepting above `most` (its own accept cap is set higher), so a probe never
/// waits in the kernel's queue behind a flood.
final class ConnectionCensus: @unchecked Sendable {
    /// A connection's place in the census: its address and when it last moved on.
    private struct Entry {
        let channel: any Channel
        let address: String
        var lastProgress: NIODeadline
    }

    let most: Int
    let perAddress: Int
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var byAddress: [String: Int] = [:]

    init(most: Int, perAddress: Int) {
        self.most = max(1, most)
        self.perAddress = max(1, perAddress)
    }

    /// Takes `channel` in, or says no (its address holds its share already):
    /// `false` means close it. When the census is full the stalest connection
    /// is closed to make room.
    func admit(_ channel: any Channel, at now: NIODeadline) -> Bool {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let evicted: (any Channel)? = lock.withLock {
            guard byAddress[address, default: 0] < perAddress else { return nil as (any Channel)? }
            var stalest: (any Channel)?
            if entries.count >= most, let victim = victim() {
                stalest = victim.value.channel
                forget(victim.key)
            }
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, address: address, lastProgress: now)
            byAddress[address, default: 0] += 1
            return stalest ?? channel
        }
        guard let evicted else { return false }
        if evicted !== channel { evicted.close(promise: nil) }
        return true
    }

    /// `channel` answered something: it is the last to make room.
    func moved(_ channel: any Channel, at now: NIODeadline) {
        lock.withLock { entries[ObjectIdentifier(channel)]?.lastProgress = now }
    }

    /// `channel` closed.
    func left(_ channel: any Channel) {
        lock.withLock { forget(ObjectIdentifier(channel)) }
    }

    /// How many connections `address` holds now, and all of them.
    func count(of address: String? = nil) -> Int {
        lock.withLock { address.map { byAddress[$0, default: 0] } ?? entries.count }
    }

    /// Who makes room, called with the lock held: a connection of the
    /// address holding the most, the one of them that has waited longest.
    /// A client topping its flood up takes its own places back, never the
    /// one a newcomer from another address was just given.
    private func victim() -> (key: ObjectIdentifier, value: Entry)? {
        var chosen: (key: ObjectIdentifier, value: Entry, held: Int)?
        for (key, entry) in entries {
            let held = byAddress[entry.address, default: 0]
            if let best = chosen, held < best.held || (held == best.held && entry.lastProgress >= best.value.lastProgress) { continue }
            chosen = (key, entry, held)
        }
        return chosen.map { ($0.key, $0.value) }
    }

    /// Called with the lock held.
    private func forget(_ key: ObjectIdentifier) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        let left = byAddress[entry.address, default: 1] - 1
        byAddress[entry.address] = left > 0 ? left : nil
    }
}

/// First in every connection's pipeline: enters it in the census (closing it
/// at once when its address holds its share), tells the census when an
/// answer's bytes go out, and takes it off when it closes.
final class CensusHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let census: ConnectionCensus
    private var admitted = false

    init(census: ConnectionCensus) {
        self.census = census
    }

    func handlerAdded(context: ChannelHandlerContext) {
        admitted = census.admit(context.channel, at: .now())
        if !admitted { context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave(context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leave(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A connection refused by the census is closing: what it sent is not read.
        guard admitted else { return }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        census.moved(context.channel, at: .now())
        context.write(data, promise: promise)
    }

    private func leave(_ context: ChannelHandlerContext) {
        guard admitted else { return }
        admitted = false
        census.left(context.channel)
    }
}
