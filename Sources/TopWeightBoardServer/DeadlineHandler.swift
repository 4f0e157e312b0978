import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection that runs out of its `ConnectionDeadlines`: placed
/// after the HTTP decoding, it sees requests end and answers being written;
/// `ArrivalHandler`, in front of the decoder, tells it when bytes come in.
final class DeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    private var deadlines: ConnectionDeadlines?
    private var timer: Scheduled<Void>?
    /// When the timer fires (it is moved only to fire sooner).
    private var firesAt: NIODeadline?
    /// Requests read whose answers are not out yet.
    private var unanswered = 0
    /// Closed for asking too much at once.
    private var closing = false

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        deadlines = ConnectionDeadlines(request: limits.request, idle: limits.idle, openedAt: .now())
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // What a closed connection's decoder still had in hand goes no further.
        guard !closing else { return }
        switch unwrapInboundIn(data) {
        case .head:
            deadlines?.requestStarted(at: .now())
            unanswered += 1
            // A browser asks one thing at a time; a client queuing requests
            // it doesn't read the answers of made the server answer them
            // into the kernel's buffers by the megabyte, and hold the rest.
            if unanswered > limits.pipelined {
                closing = true
                return context.close(promise: nil)
            }
        case .body: break
        case .end: deadlines?.requestEnded(at: .now())
        }
        arm(context)
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ArrivalHandler.BytesArrived else { return context.fireUserInboundEventTriggered(event) }
        deadlines?.bytesArrived(at: .now())
        arm(context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        deadlines?.responseWritten(at: .now())
        arm(context)
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        // Answered once the answer's end is handed to the kernel.
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { [self] _ in unanswered -= 1 }
        context.write(data, promise: written)
    }

    /// Makes the timer fire by the current deadline; when it fires early
    /// (the deadline moved on), it sets itself again.
    private func arm(_ context: ChannelHandlerContext) {
        guard let deadline = deadlines?.deadline else { return }
        if let firesAt, firesAt <= deadline, timer != nil { return }
        timer?.cancel()
        firesAt = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            firesAt = nil
            guard let deadlines, deadlines.isExpired(at: .now()) else { return arm(context) }
            context.close(promise: nil)
        }
    }
}

/// In front of the HTTP decoder: tells `DeadlineHandler` that bytes came in
/// (the decoder says nothing until a request's head is whole).
final class ArrivalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    struct BytesArrived {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(BytesArrived())
        context.fireChannelRead(data)
    }
}

/// Hummingbird's HTTP/1.1 channel with the board's deadlines on every
/// connection, each entered in the census first.
struct DeadlineHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let census: ConnectionCensus

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits, census: ConnectionCensus) {
        inner = HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [DeadlineHandler(limits: limits)]))
        self.census = census
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(CensusHandler(census: census))
            try channel.pipeline.syncOperations.addHandler(ArrivalHandler())
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
