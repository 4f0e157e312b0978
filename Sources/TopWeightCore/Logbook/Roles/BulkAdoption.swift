import Foundation

/// Taking in a whole history of records at once (`copy`, a large import):
/// an engine with a bulk path of its own. One that has none is handed the
/// records page by page (`WholeCopy.adoptRecords`).
public protocol BulkAdoption: AnyObject, Sendable {
    /// Adopts every record that `read` hands out, as `adoptRecords` and
    /// `adoptCoachMarks` would page by page (a record whose uid is here is
    /// left alone; its coach is noted), all in one transaction: nothing is
    /// kept unless everything is. `read` is given how many records it has
    /// handed out so far and the last of them (`nil` at first) and answers
    /// the next page, empty at the end; it may be asked again from the
    /// start if the transaction is begun again. `expected` (how many are
    /// coming) lets the engine choose how to load them; `afterPage` hears
    /// how many have been handed out after each page. Returns how many
    /// records were new and how many sets had their coach noted.
    func adoptAllRecords(
        expected: Int, now: Date, read: (_ handed: Int, _ last: StoredRecord?) throws(LogbookError) -> [StoredRecord],
        afterPage: (_ handed: Int) -> Void
    ) throws(LogbookError) -> (records: Int, coached: Int)
}
