/// How every web page of ours opens, up to and with `<body>`: the board's and
/// the coach's report. One place for the document's head.
enum HTMLPage {
    /// The head with `title` (escaped here) and the page's inline `style`;
    /// `policy`, when given, a Content-Security-Policy the page carries itself.
    static func opening(title: String, style: String, policy: String? = nil) -> String {
        var head = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">

            """
        if let policy { head += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n" }
        head += "<title>\(BoardHTML.escape(title))</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
        return head
    }
}
