import CSV
import Foundation

/// A CSV export read with CSV.swift: the header, the delimiter it uses, and
/// each row with the line it starts on, fields exactly as written.
///
/// CSV.swift reads a row at a time and keeps each row's own number of fields
/// (so a row shifted by an unquoted comma shows as one with too many), takes
/// any delimiter, quoted fields holding delimiters, quotes and line breaks, and
/// LF, CRLF or CR line ends. What it leaves to us: the UTF-8 byte-order mark
/// (it skips one only when reading from a stream), telling `,` from `;`, and
/// line numbers.
struct CSVTable {
    let header: [String]
    let delimiter: Character
    /// Header names trimmed and lower-cased, for finding columns by name.
    let keys: [String]
    private let reader: CSVReader
    private var nextLine: Int

    /// One data row: its fields and the lines it spans in the file.
    struct Row {
        var fields: [String]
        var line: Int
        var lastLine: Int

        /// `line 12` or `lines 12–14` for a row holding line breaks.
        var lines: String { lastLine > line ? "lines \(line)–\(lastLine)" : "line \(line)" }
    }

    /// Reads the header of `text` (a BOM already removed); `nil` when there is no header line.
    init?(text: String) {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        let delimiter = Self.delimiter(of: firstLine)
        guard let scalar = delimiter.unicodeScalars.first,
              let reader = try? CSVReader(string: text, hasHeaderRow: false, trimFields: false, delimiter: scalar),
              let header = reader.next(), header.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        else { return nil }
        self.header = header
        self.delimiter = delimiter
        self.reader = reader
        keys = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        nextLine = 1 + Self.lineBreaks(in: header) + 1
    }

    /// The next row that is not blank, or `nil` at the end of the file.
    mutating func next() -> Row? {
        while let fields = reader.next() {
            let line = nextLine
            let breaks = Self.lineBreaks(in: fields)
            nextLine += breaks + 1
            if fields.count == 1, fields[0].trimmingCharacters(in: .whitespaces).isEmpty { continue }
            return Row(fields: fields, line: line, lastLine: line + breaks)
        }
        return nil
    }

    /// The index of the first column named any of `names` (lower case).
    func column(_ names: String...) -> Int? {
        for name in names {
            if let index = keys.firstIndex(of: name) { return index }
        }
        return nil
    }

    /// The first column whose name `matches`.
    func column(where matches: (String) -> Bool) -> Int? {
        keys.firstIndex(where: matches)
    }

    /// `;`, a tab or `,`: whichever the header line holds most of outside quotes.
    static func delimiter(of line: Substring) -> Character {
        var counts: [Character: Int] = [:]
        var quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() }
            if !quoted, character == "," || character == ";" || character == "\t" { counts[character, default: 0] += 1 }
        }
        return counts.max { ($0.value, $0.key == "," ? 1 : 0) < ($1.value, $1.key == "," ? 1 : 0) }?.key ?? ","
    }

    /// Line breaks inside quoted fields: CRLF, LF or CR, each one.
    private static func lineBreaks(in fields: [String]) -> Int {
        var count = 0
        for field in fields {
            var previousCR = false
            for unit in field.utf8 {
                if unit == 10 {
                    if !previousCR { count += 1 }
                    previousCR = false
                } else if unit == 13 {
                    count += 1
                    previousCR = true
                } else {
                    previousCR = false
                }
            }
        }
        return count
    }
}

/// The text of an export: UTF-8 (a byte-order mark dropped) or UTF-16 with
/// its byte-order mark, as spreadsheets save it; anything else is refused.
enum ExportText {
    static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(3))
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return String(data: data, encoding: .utf16)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return String(data: body, encoding: .utf8)
    }
}
