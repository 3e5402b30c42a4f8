import Arguments
import Testing

/// What an accepted command line gives the caller: the command to run and typed values.
@Suite struct ParsingTests {
    @Test func valuesComeAfterAnEqualsSignOrAsTheNextArgument() throws {
        let joined = try #require(try parsed(["list", "--limit=5", "--format=json"]))
        let separate = try #require(try parsed(["list", "--limit", "5", "--format", "json"]))
        for arguments in [joined, separate] {
            #expect(try arguments.choice(Product.format, as: OutputFormat.self) == .json)
            #expect(arguments.string(Product.limit) == "5")
        }
    }

    @Test func anEqualsSignLaterInTheValueStaysInTheValue() throws {
        let arguments = try #require(try parsed(["list", "--name-starts-with=a=b"]))
        #expect(arguments.string(Product.nameStartsWith) == "a=b")
    }

    @Test func absentOptionsGiveTheirDefaults() throws {
        let arguments = try #require(try parsed(["list"]))
        #expect(arguments.string(Product.offset) == "0")
        #expect(arguments.string(Product.limit) == "20")
        #expect(try arguments.choice(Product.format, as: OutputFormat.self) == .table)
        #expect(arguments.string(Product.cache) == "memory")
        #expect(arguments.string(Product.nameStartsWith) == nil)
        #expect(!arguments.isGiven(Product.limit))
        #expect(!arguments.isGiven(Product.stats))
    }

    @Test func aToggleIsGivenOrNot() throws {
        let arguments = try #require(try parsed(["list", "--stats"]))
        #expect(arguments.isGiven(Product.stats))
        #expect(arguments.strings(Product.stats) == [""])
    }

    @Test func aValueMayBeginWithOneDash() throws {
        let arguments = try #require(try parsed(["--delta", "-3", "--filter", "-x"], in: Benchmarks.root))
        #expect(arguments.string(Benchmarks.delta) == "-3")
        #expect(arguments.string(Benchmarks.filter) == "-x")
    }

    @Test func aNegativeNumberIsAPositionalNotAFlag() throws {
        let arguments = try #require(try parsed(["show", "-5", "--format", "json"]))
        #expect(arguments.command == Product.show)
        #expect(arguments.positionals == ["-5"])
        #expect(try parsed(["show", "-"])?.positionals == ["-"])
    }

    @Test func theDefaultSubcommandRunsWhenTheFirstArgumentIsAFlagOrAbsent() throws {
        let flagged = try #require(try parsed(["--limit", "5"]))
        #expect(flagged.command == Product.list)
        #expect(flagged.string(Product.limit) == "5")
        #expect(try parsed([])?.command == Product.list)
        #expect(try parsed(["show", "7"])?.command == Product.show)
    }

    @Test func subcommandsNest() throws {
        let arguments = try #require(try parsed(["favorites", "add", "1009610", "--note", "Hi there", "--rating", "5"]))
        #expect(arguments.command.name == "favorites add")
        #expect(arguments.positionals == ["1009610"])
        #expect(arguments.string(Product.note) == "Hi there")
        #expect(arguments.string(Product.rating) == "5")
        let clear = try #require(try parsed(["cache", "clear", "--cache", "redis"]))
        #expect(clear.command.name == "cache clear")
        #expect(clear.string(Product.cacheKind) == "redis")
    }

    @Test func anOptionWithoutADefaultIsReadThroughItsValues() throws {
        let arguments = try #require(try parsed(["favorites", "update", "1", "--note", "x"]))
        #expect(arguments.string(Product.rating) == nil)
        #expect(arguments.strings(Product.rating).isEmpty)
        let rated = try #require(try parsed(["favorites", "update", "1", "--rating", "4"]))
        #expect(rated.strings(Product.rating) == ["4"])
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
        let arguments = try #require(
            try parsed(["--filter", "disk", "--check", "--filter=redis", "--filter", "memory"], in: Benchmarks.root))
        #expect(arguments.strings(Benchmarks.filter) == ["disk", "redis", "memory"])
        #expect(arguments.string(Benchmarks.filter) == "memory")
        #expect(arguments.isGiven(Benchmarks.check))
        #expect(arguments.command == Benchmarks.root)
    }

    @Test func oneOptionOfAnExclusiveGroupIsFine() throws {
        #expect(try parsed(["graph", "--objects"])?.isGiven(Product.objects) == true)
        #expect(try parsed(["favorites", "update", "1", "--no-rating"])?.isGiven(Product.noRating) == true)
    }

    @Test func theArgumentsAfterTheTerminatorAreTheRemainderUntouched() throws {
        let arguments = try #require(try parsed(["test", "--changed", "--", "--filter", "X", "-h", "--help"], in: Workspace.root))
        #expect(arguments.command == Workspace.test)
        #expect(arguments.isGiven(Workspace.changed))
        #expect(arguments.remainder == ["--filter", "X", "-h", "--help"])
        #expect(arguments.positionals.isEmpty)
    }

    @Test func positionalsMayBeAsManyAsDeclared() throws {
        #expect(try parsed(["rename", "Old", "New"], in: Workspace.root)?.positionals == ["Old", "New"])
        #expect(try parsed(["move", "a", "b", "c"], in: Workspace.root)?.positionals == ["a", "b", "c"])
    }

    @Test func aChoiceThatIsNoCaseOfTheEnumIsADeclarationError() throws {
        let arguments = try #require(try parsed(["--cache", "none"]))
        let error = try #require(throws: ArgumentError.self) { try arguments.choice(Product.cache, as: OutputFormat.self) }
        #expect(error.reason == .declaration("--cache has no value or default of OutputFormat for list."))
    }
}
