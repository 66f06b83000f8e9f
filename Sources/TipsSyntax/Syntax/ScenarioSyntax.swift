// The syntax of scenarios: timelines of what a person does, with expectations
// about tips along the way. `tipc test` runs them; `compile` only checks them.

/// `scenario "name" { steps }`
public struct ScenarioDecl: Sendable {
    /// The `scenario` keyword.
    public var keyword: SourceRange
    /// The scenario's name, a string without interpolations (checked later).
    public var name: StringLiteral
    /// The steps, in order.
    public var steps: [ScenarioStep]
    /// The whole declaration.
    public var range: SourceRange
}

/// One step of a scenario.
public struct ScenarioStep: Sendable {
    /// What the step does.
    public var kind: ScenarioStepKind
    /// The step's leading keyword (`donate`, `expect`, ...): failures are reported here.
    public var keyword: SourceRange
    /// The whole step.
    public var range: SourceRange
}

/// A tip as a step names it: `FavoriteTrail`, or a reusable tip with its
/// arguments, `NewTrail(trailID: "a", name: "A", region: "Alps")`.
public struct TipReferenceSyntax: Sendable {
    /// The tip's name.
    public var name: Identifier
    /// The arguments in parentheses; nil when none were written.
    public var arguments: [ArgumentSyntax]?
    /// The whole reference.
    public var range: SourceRange
}

/// The status an `expect` step names.
public enum ExpectedStatusSyntax: Sendable {
    case available
    case pending
    /// `invalidated`, or `invalidated(reason)` with the reason as written (checked later).
    case invalidated(reason: Identifier?)
}

/// The copy an `expect T title|message|action name "text"` step reads.
public enum TipTextItemSyntax: Sendable {
    case title
    case message
    /// `action learnMore`: the title of the tip's action of that name.
    case action(Identifier)
}

/// A testing switch of an `override` step.
public enum OverrideSyntax: Sendable {
    case showAll
    case hideAll
    /// `show T, ...`
    case show([TipReferenceSyntax])
    /// `hide T, ...`
    case hide([TipReferenceSyntax])
    /// `holdout T, ...`: exactly these tips are held out.
    case holdout([TipReferenceSyntax])
}

/// The kinds of scenario step.
public enum ScenarioStepKind: Sendable {
    /// `set parameter = literal`
    case set(parameter: Identifier, value: Expr)
    /// `donate event` or `donate event(field: value, ...)`; `fields` is nil without parentheses.
    case donate(event: Identifier, fields: [ArgumentSyntax]?)
    /// `wait duration`
    case wait(DurationLiteral)
    /// `show T [for duration]`
    case show(TipReferenceSyntax, duration: DurationLiteral?)
    /// `appear T`
    case appear(TipReferenceSyntax)
    /// `disappear T`
    case disappear(TipReferenceSyntax)
    /// `invalidate T reason`, the reason as written (checked later).
    case invalidate(TipReferenceSyntax, reason: Identifier)
    /// `reset T`
    case reset(TipReferenceSyntax)
    /// `restart`
    case restart
    /// `newSession`
    case newSession
    /// `hold "reason"`
    case hold(StringLiteral)
    /// `release "reason"`
    case release(StringLiteral)
    /// `snooze T`
    case snooze(TipReferenceSyntax)
    /// `repeat N { steps }`
    case `repeat`(count: IntegerLiteral, steps: [ScenarioStep])
    /// `expect T available|pending|invalidated[(reason)]`
    case expectStatus(TipReferenceSyntax, ExpectedStatusSyntax)
    /// `expect G shows T` (`tip` nil for `shows nothing`); `group` is the name as written.
    case expectShows(group: TipReferenceSyntax, tip: TipReferenceSyntax?)
    /// `expect T title "text"`, `expect T message "text"` or `expect T action name "text"`:
    /// the tip's copy in the scenario's language.
    case expectText(TipReferenceSyntax, item: TipTextItemSyntax, text: StringLiteral)
    /// `language "de"`: the steps after it read tips' copy in that language.
    case language(StringLiteral)
    /// `override showAll|hideAll|show T, ...|hide T, ...|holdout T, ...`
    case override(OverrideSyntax)
}
