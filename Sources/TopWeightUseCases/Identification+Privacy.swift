import Foundation
import TopWeightCore

// MARK: - Whether coaches see private members

extension Identification {
    /// Whether a coach who identified at a kiosk sees a private member's
    /// training (the gym's choice, `admin coaches-see-private`): off unless
    /// the gym turned it on.
    public func coachesSeePrivate() throws(WorkoutsError) -> Bool {
        try attempt { () throws(LogbookError) in try gym.gymSetting(.coachesSeePrivate) } == "on"
    }

    /// Lets coaches see private members' training, or not (off, the default, removes the row).
    public func setCoachesSeePrivate(_ allowed: Bool) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try gym.setGymSetting(.coachesSeePrivate, to: allowed ? "on" : nil) }
    }
}
