import Foundation

/// The other programs a benchmark runs: this one's binary, `sqlite3`, `psql`.
package enum ExternalProgram {
    /// The path of program `name` (sqlite3, psql), looked for in the usual
    /// directories and then on `PATH`; `nil` when it is not installed.
    package static func installed(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        return (["/usr/bin", "/usr/local/bin", "/bin"] + path)
            .map { ($0 as NSString).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` to its end and returns its standard output when
    /// `capturingOutput` (else discarded). `input`, if any, is written to its
    /// standard input first, so a program given input must not also have much
    /// output captured. Its standard error is discarded unless `showingErrors`.
    /// Returns as soon as the program has exited, so that it can be timed:
    /// Foundation's `waitUntilExit` alone looks only every 50 ms on Linux.
    @discardableResult
    package static func run(
        _ executable: String, _ arguments: [String], input: String? = nil,
        environment: [String: String]? = nil, capturingOutput: Bool = false, showingErrors: Bool = false
    ) throws -> String {
        precondition(input == nil || !capturingOutput, "ExternalProgram.run writes the input before reading the output")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        let outputPipe = capturingOutput ? Pipe() : nil
        process.standardOutput = outputPipe ?? FileHandle.nullDevice
        process.standardError = showingErrors ? FileHandle.standardError : FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw BenchFailure("cannot run \(executable): \(error.localizedDescription)")
        }
        if let input, let writer = inputPipe?.fileHandleForWriting {
            try writer.write(contentsOf: Data(input.utf8))
            try writer.close()
        }
        let output = try outputPipe?.fileHandleForReading.readToEnd() ?? Data()
        exited.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure("\(executable) exited with \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
