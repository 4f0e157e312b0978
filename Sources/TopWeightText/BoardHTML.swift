import Foundation
import TopWeightCore

/// The board as a web page for a wall screen: rendered on the server, big
/// type on a dark ground, and a few lines of script that ask for the page
/// again every second with its ETag and swap the panels in when it changed.
public enum BoardHTML {
    /// The page's only script (its hash goes in the Content-Security-Policy,
    /// so the page holds it between `<script>` and `</script>` exactly so).
    public static let script = """
        let tag = null;
        async function poll() {
          try {
            const response = await fetch("/", { cache: "no-store", headers: tag ? { "If-None-Match": tag } : {} });
            if (response.status === 200) {
              tag = response.headers.get("ETag");
              const page = new DOMParser().parseFromString(await response.text(), "text/html");
              document.querySelector("main").replaceWith(page.querySelector("main"));
            }
            document.body.classList.toggle("stale", response.status !== 200 && response.status !== 304);
          } catch (error) {
            document.body.classList.add("stale");
          }
          setTimeout(poll, 1000);
        }
        poll();
        """

    static let style = """
        :root { color-scheme: dark; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #0d0f12; color: #f2f2f2; font-size: clamp(14px, 1.2vw, 40px); line-height: 1.25;
               font-family: "DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif; }
        main { padding: 1em 1.4em; min-height: 100vh; }
        header { display: flex; justify-content: space-between; align-items: baseline; gap: 1em;
                 border-bottom: 3px solid #f5b700; padding-bottom: .25em; margin-bottom: .8em; }
        h1 { margin: 0; font-size: 2em; letter-spacing: .02em; }
        h1 span { color: #f5b700; }
        .stamp { color: #9aa3ad; white-space: nowrap; }
        .stale .stamp::after { content: " · offline"; color: #ff6b6b; }
        .grid { display: grid; grid-template-columns: 1fr; gap: .9em 1.4em; }
        @media (min-width: 700px) { .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
        @media (min-width: 1200px) { .grid { grid-template-columns: minmax(0, .9fr) minmax(0, 1.3fr) minmax(0, 1fr); } }
        section { background: #171a1f; border-radius: .4em; padding: .6em .9em .8em; overflow: hidden; }
        h2 { margin: 0 0 .35em; font-size: 1.15em; color: #f5b700; text-transform: uppercase; letter-spacing: .06em; }
        table { width: 100%; border-collapse: collapse; }
        td { padding: .16em .3em; vertical-align: baseline; white-space: nowrap; }
        td.name { font-weight: 700; }
        td.what { color: #d5d9de; }
        td.grow { width: 100%; max-width: 0; overflow: hidden; text-overflow: ellipsis; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; font-weight: 700; }
        td.rank, td.time, td.lift { color: #9aa3ad; }
        td.time { font-size: .85em; }
        #records td.num { color: #7ee081; }
        tr + tr td { border-top: 1px solid #262a31; }
        p.empty, p.more { color: #7d8590; margin: .2em 0; }
        """

    /// The whole page; `updated` is the time of the figures, shown in the header.
    public static func page(_ figures: BoardFigures, title: String, updated: String, timeZone: TimeZone) -> String {
        var html = HTMLPage.opening(title: title, style: style) + """
            <main>
            <header><h1><span>\(escape(title))</span> · \(escape(BoardText.day(figures.today)))</h1><div class="stamp">Updated \(escape(updated))</div></header>
            <div class="grid">

            """
        for section in BoardText.sections(figures, timeZone: timeZone) {
            html += "<section id=\"\(section.id)\">\n<h2>\(escape(section.title))</h2>\n"
            if section.rows.isEmpty {
                html += "<p class=\"empty\">\(escape(section.empty))</p>\n"
            } else {
                html += "<table>\n"
                for row in section.rows {
                    html += "<tr>" + row.enumerated().map { index, cell in
                        "<td class=\"\(cellClass(section.id, index, of: row.count))\(index == growing(section.id) ? " grow" : "")\">\(escape(cell))</td>"
                    }.joined() + "</tr>\n"
                }
                html += "</table>\n"
                if section.more > 0 { html += "<p class=\"more\">and \(section.more) more</p>\n" }
            }
            html += "</section>\n"
        }
        html += """
            </div>
            </main>
            <script>\(script)</script>
            </body>
            </html>

            """
        return html
    }

    /// How a cell is drawn: ranks and times grey, names bold, numbers right.
    static func cellClass(_ section: String, _ index: Int, of count: Int) -> String {
        if index == count - 1 { return "num" }
        switch (section, index) {
        case ("records", 0): return "time"
        case ("records", 2): return "what"
        case ("lifts", 0): return "lift"
        case ("strength", 2): return "what"
        case ("lifters", _), ("lifts", _): return "name"
        case (_, 0): return "rank"
        default: return "name"
        }
    }

    /// The column that takes the room left and is cut with an ellipsis when
    /// there is none: the set of a PR, the total of a DOTS row, else the name.
    static func growing(_ section: String) -> Int {
        switch section {
        case "records", "strength": 2
        case "lifters": 0
        default: 1
        }
    }

    /// Text made safe inside HTML elements and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
