import Foundation
import TipsRuntime

// One line: where each piece of state is, old names first.
let center = TipCenter()
try await center.configure([
    .datastoreLocation(.url(URL(fileURLWithPath: CommandLine.arguments[1]))), .arguments([]), .environment([:]),
])
let closed = [FavoriteTrailTip().status(in: center), FavoriteTrail().status(in: center)].map {
    $0 == .invalidated(.tipClosed)
}
print(
    "closed \(closed) loggedIn \([TipParameters.isLoggedIn.value(in: center), TipParameters.signedIn.value(in: center)]) "
        + "plan \([TipParameters.tier.value(in: center).rawValue, TipParameters.plan.value(in: center).rawValue]) "
        + "donations \(TipEvents.openedTrailDetail.donations(in: center).map(\.plan.rawValue)) "
        + "\(TipEvents.openedDetail.donations(in: center).map(\.plan.rawValue))"
)
