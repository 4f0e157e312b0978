import TopWeightCore

// MARK: - Commands about the member's own training

extension Flow {
    /// The member the command is about found (the one at the terminal, or
    /// outside a kiosk the one shown): its argument read, and what follows.
    static func member(_ member: User?, for command: Command, _ argument: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard let member else { return [.warn("Type your name first: :\(command.rawValue) is about your own training.")] }
        switch command {
        case .calendar:
            var month = LocalMonth(turn.day ?? context.today)
            if !argument.isEmpty {
                guard let parsed = LocalMonth(parsing: argument) else {
                    return [.warn(InputError("\(argument) is not a month", example: ":calendar 2026-11").description)]
                }
                month = parsed
            }
            return open(.calendar(MonthView(member: member, month: month, today: context.today)), in: &turn, context)
        case .note:
            let day = turn.day ?? context.today
            let when = turn.day == nil ? "today" : context.label(of: day)
            return [.say("Note for \(when) (markdown: **bold**, *italics*, - bullets). End with a line holding only . or Ctrl-D; Ctrl-C drops it.")]
                + open(.note(NoteDraft(member: member, day: day)), in: &turn, context)
        case .chart:
            return chart(argument, of: member)
        case .weigh:
            return weigh(argument, of: member, unit: turn.draft.unit)
        case .repeat:
            return repeatSession(argument, of: member, before: turn.day ?? context.today)
        case .start:
            return [.fetch(.routine(argument, for: member))]
        case .prs:
            return [.fetch(.records(member, exercise: argument))]
        case .stats:
            return [.fetch(.stats(member))]
        case .rest:
            return rest(argument, of: member, in: &turn)
        case .today:
            return [.fetch(.today(member))]
        case .go:
            // The sets saved on the day saves go to (today, or the `:date` day) count done.
            return [.fetch(.programDay(member, since: (turn.day ?? context.today).start(in: context.grouping.calendar)))]
        case .private:
            switch argument.lowercased() {
            case "": return [.fetch(.privacy(member, nil))]
            case "on": return [.fetch(.privacy(member, true))]
            // Back on the board: at a kiosk, the admin's to allow (`Turn.mayPublish`).
            case "off": return [.fetch(turn.mayPublish(kiosk: context.kiosk) ? .privacy(member, false) : .publishing(member))]
            default: return [.warn(InputError("say on or off", example: ":private on").description)]
            }
        default:
            return []
        }
    }

    /// `:repeat [last|YYYY-MM-DD]`: the session to repeat, read by the session (`Query.session`).
    private static func repeatSession(_ argument: String, of member: User, before today: LocalDay) -> [Effect] {
        let word = argument.lowercased()
        if word.isEmpty || word == "last" { return [.fetch(.session(member, on: nil, before: today))] }
        guard let day = LocalDay(parsing: word) else {
            return [.warn(InputError("say which session: last or a date", example: ":repeat last or :repeat 2026-11-14").description)]
        }
        return [.fetch(.session(member, on: day, before: today))]
    }

    /// `:chart [EXERCISE] [e1rm|weight|volume|reps|duration|distance|pace]`
    /// (by default the exercise's kind's metric), `:chart body`.
    private static func chart(_ argument: String, of member: User) -> [Effect] {
        var words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        var metric: ChartMetric?
        if let last = words.last?.lowercased(), let named = ChartMetric(rawValue: last) ?? (last == "body" ? .bodyweight : nil) {
            metric = named
            words.removeLast()
        }
        guard metric == .bodyweight else { return [.fetch(.chart(member, exercise: words.joined(separator: " "), metric))] }
        guard words.isEmpty else {
            return [.warn(InputError(":chart body draws your body weight alone", example: ":chart body").description)]
        }
        return [.fetch(.chart(member, exercise: nil, metric))]
    }

    /// `:weigh W`: in the entry's unit unless W names one; held to a body
    /// weight's range, not to a barbell's.
    private static func weigh(_ argument: String, of member: User, unit: WeightUnit) -> [Effect] {
        let example = unit == .kg ? ":weigh 82.5 or :weigh 182lb" : ":weigh 182 or :weigh 82.5kg"
        guard !argument.isEmpty else { return [.warn(InputError("give your body weight", example: example).description)] }
        switch TypedWeight.read(argument, unit: unit) {
        case .success(let weight): return [.fetch(.weigh(member, weight))]
        case .failure(let error): return [.warn(InputError(error.reason, example: example).description)]
        }
    }
}
