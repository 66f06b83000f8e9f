extension Tips {
    /// The pieces one after another: how generated code writes a tip's text
    /// that holds its arguments (`Tips.text("NewTrail-", trailID)`), each
    /// argument given as Swift's string interpolation writes it. One
    /// function without overloads is quicker for the Swift type checker than
    /// an interpolated literal.
    public static func text(_ pieces: String...) -> String {
        pieces.joined()
    }
}
