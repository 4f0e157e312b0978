import Hummingbird
import NIOCore

/// Answers the board's two addresses from the cache: `/` (the page) and
/// `/board.json`. Nothing else is there, and nothing is written: any other
/// path is 404, any method but GET and HEAD is 405. HEAD is answered as GET
/// would be, headers and length without the body.
public struct BoardResponder: HTTPResponder {
    public typealias Context = BasicRequestContext

    let cache: BoardCache
    let hosts: HostCheck

    public init(cache: BoardCache, hosts: HostCheck) {
        self.cache = cache
        self.hosts = hosts
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        let response = answer(request)
        guard request.method == .head else { return response }
        var headers = response.headers
        if let length = response.body.contentLength { headers[.contentLength] = "\(length)" }
        return Response(status: response.status, headers: headers, body: ResponseBody())
    }

    func answer(_ request: Request) -> Response {
        switch hosts.verdict(authority: request.head.authority, extra: request.headers[values: Self.hostField].count) {
        case .answer: break
        case .malformed:
            return Self.plain(.badRequest, "Bad request: one Host header is needed.\n")
        case .misdirected:
            return Self.plain(.misdirectedRequest,
                              "Misdirected: this board answers to its own names only (serve --host NAME adds one).\n")
        }
        let page: Bool
        switch request.uri.path {
        case "/": page = true
        case "/board.json": page = false
        default: return Self.plain(.notFound, "Not found: this server shows the board at / and /board.json only.\n")
        }
        guard request.method == .get || request.method == .head else {
            var response = Self.plain(.methodNotAllowed, "The board is read-only: GET and HEAD only.\n")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        guard let rendered = cache.rendered else {
            var response = Self.plain(.serviceUnavailable, "The board is not ready yet.\n")
            response.headers[.retryAfter] = "1"
            return response
        }
        var headers: HTTPFields = [
            .contentType: page ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
            .eTag: rendered.etag,
            .cacheControl: "no-cache",
            .xContentTypeOptions: "nosniff",
            .init("Referrer-Policy")!: "no-referrer",
        ]
        if page { headers[.contentSecurityPolicy] = BoardCache.contentSecurityPolicy }
        if let tags = request.headers[.ifNoneMatch], tags.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == rendered.etag
        }) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: page ? rendered.html : rendered.json))
    }

    /// A second `Host` stays among the fields (the first becomes the authority).
    static let hostField = HTTPFields.Element.Name("Host")!

    static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .xContentTypeOptions: "nosniff"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
