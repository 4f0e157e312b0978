/// The gym's members as a whole: listing, renaming and removing them
/// (`users`, `:users`).
public protocol MemberRoster: AnyObject, Sendable {
    /// Everybody, with how many sets each logged and when they last trained.
    func users() throws(LogbookError) -> [UserSummary]
    func renameUser(_ user: User, to newName: String) throws(LogbookError) -> User
    /// Removes a member without live records. With `withDeleted`, their
    /// deleted records (tombstones), days' notes and body weights go with
    /// them in the same transaction; without, tombstones keep the member.
    func removeUser(_ user: User, withDeleted: Bool) throws(LogbookError)
}

extension MemberRoster {
    /// Removes a member with no records at all, tombstones included.
    public func removeUser(_ user: User) throws(LogbookError) {
        try removeUser(user, withDeleted: false)
    }
}
