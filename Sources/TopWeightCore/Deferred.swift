import Foundation

/// A value made the first time it is read, once, whichever thread reads it.
///
/// For what the logger's start must not pay for: a `Calendar`, the system's
/// `TimeZone` or the locale's first weekday each load ICU's data (megabytes
/// of memory and most of a millisecond), and the first prompt needs none of
/// them. Copies of a value holding one share what it made.
public final class Deferred<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Value?
    private var make: (@Sendable () -> Value)?

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made now if this is the first read.
    public var value: Value {
        lock.withLock {
            if let made { return made }
            guard let make else { preconditionFailure("a deferred value is made once") }
            let value = make()
            made = value
            self.make = nil
            return value
        }
    }
}
