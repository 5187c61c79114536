"""__NAME__: the rules cardgen plays (cardgen validate, compare, tune).

A shedding game: match the top card of the pile in suit or number, empty your hand
first. The rule text players read is rules/en.md; the numbers (hand size, rounds,
joker points) are in decks/__ID__.yaml under `rules:`, so a variant or `cardgen tune`
changes them without touching this file.

cardgen's card-game kit does what every card game repeats: the zones and who sees
them, shuffling, dealing, drawing (with the reshuffle rule), turns, scores, what each
player may see, and the checks that no card is created or lost. This file only says
what is particular to this game (docs/authoring.md, "Your game's rules in 150 lines").
"""
from cardgen.engine.kit import HIDDEN, OWNER, PUBLIC, CardGame


class Match(CardGame):
    # Where cards can be, and who sees them. Every card starts in the first zone.
    ZONES = {"deck": HIDDEN, "pile": PUBLIC}
    # Zones every player has one of: your hand, seen by you alone.
    SEAT_ZONES = {"hand": OWNER}
    # When the deck runs out, the pile (all but its top card) is shuffled into a new deck.
    RESHUFFLE = "pile"

    def setup(self):
        """The start of the game. Plain attributes (self.round...) are public."""
        self.round = 1
        self.start_round()

    def start_round(self):
        self.gather("deck")  # every card back into the deck
        self.shuffle("deck")
        self.deal(self.rules.hand_size)  # a number from the deck's `rules:`
        self.move(self.cards("deck")[-1], "deck", "pile")  # the top card starts the pile
        self.passes = 0  # players in a row who could neither play nor draw
        # The first player moves one seat to the left each round.
        self.next_turn((self.round - 1) % self.players)

    def matches(self, card_id):
        """A card may go on the pile: same suit, same number, or a joker on either side."""
        card = self.card(card_id)
        top = self.card(self.cards("pile")[-1])
        if "joker" in (card.suit, top.suit):
            return True
        return card.suit == top.suit or card.value == top.value

    def actions(self, seat):
        """What `seat` may do now: play a matching card, else draw, else pass."""
        plays = [("play", c) for c in sorted(self.cards("hand", seat)) if self.matches(c)]
        if plays:
            return plays
        if self.cards("deck") or len(self.cards("pile")) > 1:
            return [("draw",)]
        return [("pass",)]

    def do(self, seat, action):
        """Carry out one of the actions above for `seat`, then pass the turn."""
        if action[0] == "play":
            self.move(action[1], "hand", "pile", source_seat=seat)
            self.passes = 0
            if not self.cards("hand", seat):
                self.end_round(seat)
                return
        elif action[0] == "draw":
            self.draw(seat)  # the kit reshuffles the pile into the deck when it is empty
            self.passes = 0
        else:
            self.passes += 1
            if self.passes == self.players:
                # Our ruling: a blocked round goes to the fewest cards (the lowest seat of them).
                hands = [len(self.cards("hand", p)) for p in range(self.players)]
                self.end_round(hands.index(min(hands)))
                return
        self.next_turn((seat + 1) % self.players)  # a seat named: the kit counts no round (end_round does)

    def policy(self, seat, legal, rng):
        """Optional advice to cardgen's default players: shed the costliest matching card and keep
        jokers for when nothing else matches (None: let them judge by their own look-ahead)."""
        plays = [a for a in legal if a[0] == "play"]
        if not plays:
            return None
        return max(plays, key=lambda a: -1 if self.card(a[1]).suit == "joker" else self.card(a[1]).value)

    def end_round(self, winner):
        """The winner scores the cards left in the other hands; then the next round, or the end."""
        for p in range(self.players):
            for card_id in self.cards("hand", p):
                self.score[winner] += self.card(card_id).value or self.rules.joker_points
        self.rounds += 1  # the statistics' rounds are this game's rounds (not passes round the table)
        if self.round >= self.rules.rounds:
            self.end("rounds_played")
        else:
            self.round += 1
            self.start_round()
