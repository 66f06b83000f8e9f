// The one "did you mean" engine: the runtime's hints for misspelled testing
// ids and every suggestion of the compiler (names, keywords, options).

/// Finds the candidate a misspelled word most likely stands for.
package enum Spelling {
    /// The candidate closest to `word`, ignoring case, at most `limit` edits
    /// away. Of equally close candidates, one that `word` begins wins (`tit`,
    /// a word being typed, is `title` rather than `id`), then the
    /// alphabetically first, so the answer does not depend on the order of
    /// `candidates`. `units` writes a word, lowercased, into a buffer as
    /// what one edit changes: ``lowercasedScalars(of:into:)`` or
    /// ``lowercasedCharacters(of:into:)``.
    ///
    /// A candidate too long or too short is passed over before its units
    /// are made, when it is printable ASCII (a unit a byte, lowercased or
    /// not). A list searched again and again is made ready once
    /// (``Prepared``).
    package static func closest<Unit: Comparable>(
        to word: String, among candidates: some Sequence<String>, limit: Int,
        units: (String, inout [Unit]) -> Void
    ) -> String? {
        var target: [Unit] = []
        units(word, &target)
        let near = candidates.lazy.filter { candidate in
            // A printable ASCII candidate has a unit a byte: its length alone may put it too far.
            abs(candidate.utf8.count - target.count) <= limit || !isPrintableASCII(candidate.utf8)
        }
        return closest(to: word, units: target, among: Prepared(near, units: units), limit: limit)
    }

    /// Candidates made ready for many searches: their units, lowercased, in
    /// a tree of prefixes (a trie), where the candidates that begin alike
    /// share the nodes of what they have in common.
    ///
    /// A search walks the tree depth first, filling one row of the distance
    /// table a node (``DistanceBand``): the row of a node is the distance of
    /// its prefix to every prefix of the word, so candidates that begin
    /// alike share the rows of their common beginning, and a branch is left
    /// once its rows show that no candidate in it is close enough. Compared
    /// with a candidate at a time, `tipc check --strings` of the benchmark's
    /// 10,000 tips all renamed (16,834 keys of the catalog that no string
    /// has, each searched among 23,834) took 9.0–9.8 s of user CPU; walking
    /// the tree, 0.65–0.67 s, against 0.43–0.47 s for the same check of the
    /// tips as the catalog names them.
    package struct Prepared<Unit: Comparable> {
        /// The candidates, in the order given.
        fileprivate var names: [String] = []
        /// The next candidate whose units are those of the one at the same
        /// index in ``names`` (a word in two cases), or -1.
        fileprivate var nextName: [Int] = []
        /// The nodes of the tree; the first is the root, the empty prefix.
        fileprivate var nodes: [Node] = [Node(unit: nil)]
        /// The most units a candidate has.
        fileprivate var longest = 0

        fileprivate struct Node {
            /// The last unit of the node's prefix; nil at the root.
            var unit: Unit?
            var firstChild = -1
            var nextSibling = -1
            /// The first candidate whose units are the node's prefix, or -1.
            var firstName = -1
        }

        package init(_ candidates: some Sequence<String>, units: (String, inout [Unit]) -> Void) {
            var (all, ends, buffer): ([Unit], [Int], [Unit]) = ([], [], [])
            for candidate in candidates {
                units(candidate, &buffer)
                all.append(contentsOf: buffer)
                ends.append(all.count)
                names.append(candidate)
                longest = max(longest, buffer.count)
            }
            growTree(units: all, ends: ends)
        }

        /// Puts the candidates, whose units end at `ends` in `units`, into
        /// the tree in the order of their units, so that a node's child for
        /// the next unit, if it has one yet, is the child it got last: no
        /// node's children are searched, however many there are.
        @_specialize(where Unit == Unicode.Scalar)
        @_specialize(where Unit == Character)
        private mutating func growTree(units all: [Unit], ends: [Int]) {
            func units(_ index: Int) -> ArraySlice<Unit> { all[(index == 0 ? 0 : ends[index - 1])..<ends[index]] }
            nextName = Array(repeating: -1, count: ends.count)
            for index in ends.indices.sorted(by: { units($0).lexicographicallyPrecedes(units($1)) }) {
                var node = 0
                for unit in units(index) {
                    var child = nodes[node].firstChild
                    if child < 0 || nodes[child].unit != unit {
                        child = nodes.count
                        nodes.append(Node(unit: unit, nextSibling: nodes[node].firstChild))
                        nodes[node].firstChild = child
                    }
                    node = child
                }
                nextName[index] = nodes[node].firstName
                nodes[node].firstName = index
            }
        }
    }

    /// ``closest(to:among:limit:units:)`` among candidates made ready once.
    package static func closest<Unit: Comparable>(
        to word: String, among candidates: Prepared<Unit>, limit: Int, units: (String, inout [Unit]) -> Void
    ) -> String? {
        var target: [Unit] = []
        units(word, &target)
        return closest(to: word, units: target, among: candidates, limit: limit)
    }

    /// The search of both ``closest(to:among:limit:units:)``, for `word`
    /// made into `target` once: the tree of `candidates` walked depth first
    /// (see ``Prepared``), a node's branch left once the rows of its prefix
    /// show every longer prefix more than `limit`, or than the best
    /// candidate's distance so far, from the word. Specialized for the
    /// units callers use, as ``distance(_:_:limit:rows:)`` is.
    @_specialize(where Unit == Unicode.Scalar)
    @_specialize(where Unit == Character)
    private static func closest<Unit: Comparable>(
        to word: String, units target: [Unit], among candidates: Prepared<Unit>, limit: Int
    ) -> String? {
        // No distance is more than the longer word's length: capped there, the band stays small.
        let band = DistanceBand(limit: min(limit, max(target.count, candidates.longest)))
        guard band.limit >= 0 else { return nil }
        // A prefix more than `limit` units longer than the word is left before its children.
        let depths = target.count + band.limit + 2
        var rows = [Int](repeating: band.far, count: band.width * depths)
        var least = [Int](repeating: 0, count: depths)
        var path = [Unit?](repeating: nil, count: depths)
        // Whether the prefix at each depth of the path is the word's prefix of that length.
        var beginsWord = [Bool](repeating: true, count: depths)
        var best: (candidate: String, distance: Int, continuesWord: Bool)?
        let nodes = candidates.nodes
        target.withUnsafeBufferPointer { target in
            rows.withUnsafeMutableBufferPointer { rows in
                guard let base = rows.baseAddress else { return }
                func row(_ depth: Int) -> UnsafeMutablePointer<Int> { base + max(depth, 0) * band.width }
                func consider(_ node: Int, depth: Int) {
                    guard nodes[node].firstName >= 0 else { return }
                    let distance = band.entry(row(depth), row: depth, column: target.count)
                    guard distance <= min(band.limit, best?.distance ?? band.limit) else { return }
                    let continuesWord = depth >= target.count && beginsWord[target.count]
                    choose(among: candidates, from: nodes[node].firstName, distance, continuesWord, not: word, &best)
                }
                band.fillFirstRow(row(0), columns: target.count)
                consider(0, depth: 0)
                var stack: [(node: Int, depth: Int)] = []
                var child = nodes[0].firstChild
                while child >= 0 {
                    stack.append((child, 1))
                    child = nodes[child].nextSibling
                }
                while let (node, depth) = stack.popLast() {
                    // Only the root, never on the stack, has no unit.
                    guard let unit = nodes[node].unit else { continue }
                    path[depth] = unit
                    beginsWord[depth] = beginsWord[depth - 1] && depth <= target.count && unit == target[depth - 1]
                    least[depth] = band.fillRow(
                        depth, unit: unit, previousUnit: depth > 1 ? path[depth - 1] : nil, against: target,
                        before: row(depth - 2), previous: row(depth - 1), current: row(depth))
                    consider(node, depth: depth)
                    let bound = min(band.limit, best?.distance ?? band.limit)
                    guard !DistanceBand.isPast(bound, least: least[depth], leastBefore: least[depth - 1]),
                        depth + 1 < depths
                    else { continue }
                    var child = nodes[node].firstChild
                    while child >= 0 {
                        stack.append((child, depth + 1))
                        child = nodes[child].nextSibling
                    }
                }
            }
        }
        return best?.candidate
    }

    /// The candidates from `first` on that share their units (a word in two
    /// cases), at `distance` from the word, that begin with it or not,
    /// weighed against the best so far: the closer wins, then the one that
    /// begins with the word, then the alphabetically first. The word itself
    /// is passed over.
    private static func choose<Unit>(
        among candidates: Prepared<Unit>, from first: Int, _ distance: Int, _ continuesWord: Bool,
        not word: String, _ best: inout (candidate: String, distance: Int, continuesWord: Bool)?
    ) {
        var index = first
        while index >= 0 {
            let candidate = candidates.names[index]
            index = candidates.nextName[index]
            guard candidate != word else { continue }
            if let current = best, distance == current.distance {
                if current.continuesWord && !continuesWord { continue }
                if current.continuesWord == continuesWord && candidate >= current.candidate { continue }
            }
            best = (candidate, distance, continuesWord)
        }
    }

    /// Whether every byte of `bytes` is printable ASCII: then each is one
    /// scalar and one character, before and after lowercasing.
    private static func isPrintableASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { (0x20..<0x7F).contains($0) }
    }

    /// The scalars of `word` lowercased, in place of what `units` held.
    /// Printable ASCII is lowercased byte by byte, without the lowercased
    /// copy of the word and the array of its scalars, which took more of a
    /// search among 5,000 names than the distance (`perf record`): `tipc
    /// check` of 1,000 misspelt names among them took 1.51–2.34 s of CPU
    /// with them, 1.12–1.52 s without (`perf stat -r 3`, two rounds, the
    /// host busy).
    package static func lowercasedScalars(of word: String, into units: inout [Unicode.Scalar]) {
        units.removeAll(keepingCapacity: true)
        let wasASCII = word.utf8.withContiguousStorageIfAvailable { bytes in
            guard isPrintableASCII(bytes) else { return false }
            units.append(contentsOf: bytes.lazy.map { Unicode.Scalar((0x41...0x5A).contains($0) ? $0 | 0x20 : $0) })
            return true
        }
        if wasASCII != true { units.append(contentsOf: word.lowercased().unicodeScalars) }
    }

    /// The characters of `word` lowercased, in place of what `units` held.
    package static func lowercasedCharacters(of word: String, into units: inout [Character]) {
        units.removeAll(keepingCapacity: true)
        units.append(contentsOf: word.lowercased())
    }
}

extension Spelling.Prepared: Sendable where Unit: Sendable {}
extension Spelling.Prepared.Node: Sendable where Unit: Sendable {}
