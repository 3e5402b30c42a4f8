import Favorites
import Foundation
import TestSupport
import Testing

@Suite(.onOwnThread) struct FavoriteTests {
    @Test func datesAreKeptToTheMillisecond() {
        let favorite = Favorite(characterID: 1, name: "Nova", addedAt: Date(timeIntervalSince1970: 1.23456))
        #expect(favorite.addedAt == Date(timeIntervalSince1970: 1.235))
        #expect(favorite.updatedAt == favorite.addedAt)
        #expect(Favorite.milliseconds(favorite.addedAt) == 1235)
        #expect(favorite.id == 1)
    }

    @Test func datesBeyondSixtyFourBitsOfMillisecondsAreClampedNotACrash() {
        #expect(Favorite.milliseconds(Favorite.date(milliseconds: .max)) == .max)
        #expect(Favorite.milliseconds(Favorite.date(milliseconds: .min)) == .min)
        #expect(Favorite.milliseconds(Date(timeIntervalSince1970: .infinity)) == .max)
        #expect(Favorite.milliseconds(Date(timeIntervalSince1970: .nan)) == 0)
        #expect(Favorite(characterID: 1, name: "Far", addedAt: Favorite.date(milliseconds: .max)).id == 1)
    }

    @Test func aChangeNamesItsCharacter() {
        #expect(FavoriteChange.added(characterID: 1).characterID == 1)
        #expect(FavoriteChange.updated(characterID: 2).characterID == 2)
        #expect(FavoriteChange.removed(characterID: 3).characterID == 3)
    }

    @Test func aStreamEndsWhenItsFeedGoesAway() async {
        var feed: FavoriteChangeFeed? = FavoriteChangeFeed()
        var changes = feed!.stream().makeAsyncIterator()
        feed?.publish(.added(characterID: 1))
        feed = nil
        #expect(await changes.next() == .added(characterID: 1))
        #expect(await changes.next() == nil)
    }
}
