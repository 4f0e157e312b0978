import Foundation
import TopWeightCore

/// Adding, renaming and removing members. What needs the admin PIN comes in
/// two steps: the look-up (`member(named:)`, `belongings(of:)`), then the
/// change once the front end has the PIN.
extension Workouts {
    /// Adds a member before their first set; refused when one by that name is there.
    public func addMember(named name: String, now: Date) throws(WorkoutsError) -> User {
        if let existing = try attempt({ () throws(LogbookError) in try roles.names.user(named: name) }) {
            throw .invalid("a member named \(existing.name) already exists")
        }
        return try attempt { () throws(LogbookError) in try roles.names.createUser(named: name, now: now) }
    }

    /// The member by that name, created on first use: a set logged from a script.
    public func findOrCreateMember(named name: String, now: Date) throws(WorkoutsError) -> User {
        try attempt { () throws(LogbookError) in
            if let member = try roles.names.user(named: name) { return member }
            return try roles.names.createUser(named: name, now: now)
        }
    }

    /// Renames a member; their records follow.
    public func rename(_ member: User, to newName: String) throws(WorkoutsError) -> User {
        try attempt { () throws(LogbookError) in try roles.members.renameUser(member, to: newName) }
    }

    // MARK: - Removing

    /// What a member has in the database: what stops their removal (live
    /// sets) and what goes with them (deleted sets, kept days, body weights).
    public struct MemberBelongings: Sendable, Equatable {
        public var liveSets = 0
        public var deletedSets = 0
        /// Days with a note or a routine kept.
        public var days = 0
        public var bodyWeights = 0
    }

    public func belongings(of member: User) throws(WorkoutsError) -> MemberBelongings {
        try attempt { () throws(LogbookError) in
            var belongings = MemberBelongings()
            belongings.liveSets = try roles.members.users().first { $0.user.id == member.id }?.records ?? 0
            var deleted = HistoryQuery(userID: member.id)
            deleted.deleted = true
            try roles.recording.forEachRecord(deleted) { _ in belongings.deletedSets += 1 }
            let first = LocalDay(year: 1, month: 1, day: 1) ?? LocalDay(Date(), in: .current)
            let last = LocalDay(year: 9999, month: 12, day: 31) ?? LocalDay(Date(), in: .current)
            belongings.days = try roles.diary.sessionInfos(userID: member.id, from: first, through: last).count
            belongings.bodyWeights = try roles.diary.bodyWeights(userID: member.id, since: nil, limit: nil).count
            return belongings
        }
    }

    /// Removes a member with no live sets, and with them their deleted sets,
    /// kept days and body weights, for good (the store refuses one with live sets).
    public func remove(_ member: User) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try roles.members.removeUser(member, withDeleted: true) }
    }
}
