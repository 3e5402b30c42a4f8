/// The positional arguments a command takes: how usage shows them, how many there may be, and what errors call them.
public struct Positionals: Sendable, Equatable {
    /// How usage shows them, such as `<id>` or `<Old> <New>`.
    public let placeholder: String
    /// How many may be given.
    public let count: ClosedRange<Int>
    /// What one is called in errors, such as "argument" or "character id"; an "s" is added for several.
    public let noun: String
    /// The whole error when too few are given, such as "show needs a character id, such as 'show 1011334'."; derived when nil.
    public let missing: String?

    /// Positionals shown as `placeholder`, `count` of them, called `noun`, with `missing` as the error when too few are given.
    public init(_ placeholder: String, count: ClosedRange<Int> = 1...1, noun: String = "argument", missing: String? = nil) {
        self.placeholder = placeholder
        self.count = count
        self.noun = noun
        self.missing = missing
    }

    /// `number` of them as errors say it, after `qualifier`: "one character id", "at least two names".
    func counted(_ number: Int, _ qualifier: String = "") -> String {
        qualifier + Self.amount(number) + " " + noun + (number == 1 ? "" : "s")
    }

    /// How many may be given, as the manual says it: "one character id", "at least one path", "two to nine names".
    var allowed: String {
        switch (count.lowerBound, count.upperBound) {
        case (let low, let high) where low == high: counted(low)
        case (let low, Int.max): counted(low, "at least ")
        case (0, let high): counted(high, "up to ")
        case (let low, let high): counted(high, Self.amount(low) + " to ")
        }
    }

    /// `number` in words up to nine, else in digits.
    private static func amount(_ number: Int) -> String {
        let words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        return words.indices.contains(number) ? words[number] : String(number)
    }
}
