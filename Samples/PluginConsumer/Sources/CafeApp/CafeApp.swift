import TipsRuntime

@main
struct CafeApp {
    static func main() async throws {
        // While trying things out, start every run from an empty store.
        try Tips.resetDatastore()
        // Once, at launch. Menu.tips's config (displayFrequency daily) applies by itself.
        try await Tips.configure()

        let special = DailySpecial()

        // The guest opens the menu. `donate()` returns once the donation is saved.
        await TipEvents.openedMenu.donate()
        // Why is the tip not showing yet?
        print(special.explanation)

        // Again. `sendDonation()` records it and returns at once.
        TipEvents.openedMenu.sendDonation()

        // A screen shows the tip while `shouldDisplayUpdates` says so.
        for await shouldDisplay in special.shouldDisplayUpdates where shouldDisplay {
            print("[\(special.title)] \(special.message ?? "")")
            await special.didAppear()  // counts the display
            await special.invalidateDurably(reason: .tipClosed)  // the guest closed it
            await special.didDisappear()
            break
        }
        print("DailySpecial: \(special.status)")

        // The guest orders.
        await TipParameters.hasOrdered.set(true)
        // A group shows one tip at a time. OrderAhead is next, but the daily
        // display frequency holds it back: a tip was shown today.
        let menuTips = MenuTips.makeGroup()
        print("MenuTips shows: \(menuTips.currentTip?.title ?? "nothing until tomorrow")")
    }
}
