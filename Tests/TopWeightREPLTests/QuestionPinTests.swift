import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// The questions between two prompts and the admin PIN, as machines of
/// their own: a reply in, what the flow asks of the session out, with no logbook.
@Suite("Questions and the admin PIN")
struct QuestionPinTests {
    @Test("a reply is read the same for every question; any line is a PIN", arguments: [
        (Flow.Input.line("y"), Question.Reply.yes), (.line(" No "), .no), (.line("maybe"), .unclear), (.interrupted, .no), (.endOfInput, .no),
    ])
    func replies(input: Flow.Input, reply: Question.Reply) {
        #expect(Question.newMember("Zed").read(input) == reply)
        #expect(Question.unusual("70 series is far above your last Bench Press (3).", at: .series).read(input) == reply)
        let pin: Question.Reply = if case .line(let line) = input { .pin(line) } else { .no }
        #expect(Question.adminPin.read(input) == pin)
    }

    @Test("70 series after 3 is asked about once at a terminal; no goes back to the series, the others kept")
    func unusualNo() {
        var script = FlowScript.atWeight()
        script.type("")
        script.type("")
        #expect(script.type("70").isEmpty && !script.saves)
        #expect(script.prompt == "70 series is far above your Bench Press so far (3). Save it? [y/n] ")
        #expect(script.type("n") == [.warn("Not saved: type the series again; Ctrl-C drops the entry.")])
        #expect(script.turn.step == .series && script.turn.draft.weight == 6000 && script.turn.draft.reps == 8)
    }

    @Test("yes saves it as it is, and Enter after a failed save is not asked again")
    func unusualYes() {
        var script = FlowScript.atWeight()
        script.type("60x8x70")
        #expect(script.type("hm") == [.warn("Answer y or n.")], "asked again")
        #expect(script.type("y") == [.save])
        script.send(.saveFailed(NewRecord(user: FlowScript.ana, exercise: FlowScript.bench, values: .kg(60, 8, 70), performedAt: FlowScript.now),
                                "the server is away"))
        #expect(script.type("") == [.save], "the same numbers, confirmed already")
    }

    @Test("piped input is never asked: a script means its numbers")
    func piped() {
        var script = FlowScript.atWeight(interactive: false)
        #expect(script.type("60x8x70") == [.save])
        #expect(script.turn.question == nil)
    }

    @Test("a new exercise asks first, with the names like it; yes asks for it with the set's numbers, no creates nothing")
    func newExercise() {
        var script = FlowScript.atExercise()
        let entry = SetLine(exercise: "zottman", numbers: "12x10x3")
        #expect(script.type("zottman 12x10x3") == [.resolveExercise("zottman", then: entry)])
        let asked = script.send(.newExercise("zottman", similar: ["Zercher Squat"], entry: entry))
        #expect(asked == [.warn("Not a known exercise. Similar: Zercher Squat")])
        #expect(script.prompt == "New exercise \"zottman\". Create? [y/n] ")
        #expect(script.type("y") == [.createExercise("zottman", then: entry)])
        var no = FlowScript.atExercise()
        no.send(.newExercise("zottman", similar: [], entry: nil))
        #expect(no.press(.interrupted) == [.warn("Not created. Tab completes known exercises.")])
    }

    @Test("a set's numbers typed as a new exercise's name are refused, never asked about")
    func setInName() {
        var script = FlowScript.atExercise()
        let effects = script.send(.newExercise("Bench 100x5", similar: [], entry: nil))
        #expect(effects.count == 1 && script.warned.first?.contains("(e.g. ") == true, "\(effects)")
        #expect(script.turn.question == nil)
    }

    @Test("a new member is asked about after the similar names; a created one is welcomed and takes the terminal")
    func newMember() {
        var script = FlowScript()
        #expect(script.type("Zed") == [.fetch(.member(named: "Zed"))])
        #expect(script.send(.newMember("Zed", similar: ["Zoë"])) == [.warn("Not a known member. Similar: Zoë")])
        #expect(script.type("y") == [.createMember("Zed")])
        let zed = User(id: 3, name: "Zed")
        #expect(script.send(.memberCreated(zed)) == [.say("Welcome, Zed."), .fetch(.headline(zed))])
        #expect(script.turn.user == zed && script.turn.step == .exercise)
    }

    @Test("a name that would pass for another's is refused, naming it")
    func lookalike() {
        var script = FlowScript()
        let effects = script.send(.lookalike("Аna", kind: .user, of: "Ana"))
        guard case .warn(let said)? = effects.first, effects.count == 1 else {
            Issue.record("not refused: \(effects)")
            return
        }
        #expect(said.hasPrefix("Аna looks like the existing member Ana but is spelt with other letters") && said.hasSuffix("(e.g. Ana)"))
        #expect(script.turn.question == nil && script.turn.user == nil)
    }

    @Test("at a kiosk :quit asks whether a PIN is set; without one the terminal stays open, with one the PIN is asked")
    func quit() {
        var script = FlowScript(kiosk: true)
        #expect(script.type(":quit") == [.checkAdminPinSet(.quit)])
        #expect(script.send(.adminPinSet(false, for: .quit)) == [.warn("This is a shared terminal: it stays open. Ctrl-D ends your turn.")])
        script.send(.adminPinSet(true, for: .quit))
        #expect(script.prompt == "Admin PIN: ")
        #expect(script.type("2468") == [.admit("2468", .quit)])
        #expect(script.send(.admitted(.quit, refusal: nil)) == [.end(.quit)])
        var personal = FlowScript()
        #expect(personal.type(":quit") == [.end(.quit)], "outside a kiosk :quit ends at once")
    }

    @Test("a wrong PIN is told in one sentence, the wait included, then what stays as it was")
    func wrongPin() {
        var script = FlowScript(kiosk: true)
        let effects = script.send(.admitted(.quit, refusal: "wrong admin PIN; wait 30 s before trying again"))
        #expect(effects == [.warn("Wrong PIN. Wait 30 s before trying again. This terminal stays open; Ctrl-D ends your turn.")])
    }

    @Test("the PIN for another's set: asked with whose it is; Ctrl-C leaves the set as it was; right, the edit opens")
    func editPin() {
        let bos = WorkoutRecord(id: 12, user: "Bo", exercise: "Bench Press", values: .kg(80, 5, 5), performedAt: FlowScript.now)
        var script = FlowScript.atExercise(kiosk: true)
        #expect(script.send(.editTarget(bos)) == [.checkAdminPinSet(.edit(bos))])
        #expect(script.send(.adminPinSet(false, for: .edit(bos))) == [.warn("#12 is Bo's set; at a shared terminal you can change only your own.")])
        script.send(.adminPinSet(true, for: .edit(bos)))
        guard case .secret(let prompt) = script.turn.read else {
            Issue.record("no PIN asked")
            return
        }
        #expect(prompt == "#12 is Bo's set. Admin PIN: ")
        #expect(AdminPin(use: .edit(bos), asking: "").read(.interrupted) == .refuse("#12 is as it was."))
        #expect(script.type("1357") == [.admit("1357", .edit(bos))])
        #expect(script.send(.admitted(.edit(bos), refusal: nil)).first.map { if case .say = $0 { true } else { false } } == true)
        guard case .edit = script.turn.mode else {
            Issue.record("the edit did not open")
            return
        }
    }

    @Test(":private off at a kiosk: a member on the board already is told so; a private one needs the admin")
    func publish() {
        var script = FlowScript.atExercise(kiosk: true)
        #expect(script.send(.member(FlowScript.ana, for: .private, "off")) == [.fetch(.publishing(FlowScript.ana))])
        script.send(.adminPinSet(true, for: .publish(FlowScript.ana)))
        #expect(script.press(.endOfInput) == [.warn("Ana stays private.")])
        var personal = FlowScript.atExercise()
        #expect(personal.send(.member(FlowScript.ana, for: .private, "off")) == [.fetch(.privacy(FlowScript.ana, false))])
        #expect(script.send(.admitted(.publish(FlowScript.ana), refusal: nil)) == [.fetch(.privacy(FlowScript.ana, false))])
    }
}
