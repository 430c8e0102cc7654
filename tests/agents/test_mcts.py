"""The generic mcts agent: legal, deterministic, blind to the real dice, and it searches."""

import math
import time

import pytest

from palantir.agents import make_agent
from palantir.agents.mcts import MCTSAgent
from palantir.engine import Game, Outcome, SeededDice, State, get_game
from palantir.engine.errors import IllegalAction
from palantir.engine.search import PLAIN_SEARCH, SearchHooks
from tests.support.positions.journey import roll, table

JOURNEY = get_game("journey-to-mordor")


# ----- toy games with a known best decision ---------------------------------------------

class ToyGame(Game):
    """A toy game whose search hooks are its own methods, given to the search as a real
    game gives them (Game.search); a toy overrides the ones it tests."""

    def rollout_policy(self):
        return PLAIN_SEARCH.rollout_policy()

    def root_policy(self):
        return PLAIN_SEARCH.root_policy()

    def search_actions(self, state):
        return PLAIN_SEARCH.search_actions(state)

    def search_worthy(self, view):
        return PLAIN_SEARCH.search_worthy(view)

    def search_payoffs(self, outcome, players):
        return PLAIN_SEARCH.search_payoffs(outcome, players)

    def rollout_evaluation(self):
        return PLAIN_SEARCH.rollout_evaluation()

    def search_cutoff(self, root):
        return PLAIN_SEARCH.search_cutoff(root)

    def search(self):
        return SearchHooks(rollout_policy=self.rollout_policy,
                           root_policy=self.root_policy,
                           search_actions=self.search_actions,
                           search_worthy=self.search_worthy,
                           search_payoffs=self.search_payoffs,
                           rollout_evaluation=self.rollout_evaluation,
                           search_cutoff=self.search_cutoff)


class GambleState(State):
    """One player: 'safe' wins unless a d4 shows 4; 'gamble' tosses a coin, then call it."""

    def __init__(self, game, dice, stage="start", coin=None, won=None):
        self.game, self.dice = game, dice
        self.stage, self.coin, self.won = stage, coin, won

    players = 1

    def to_move(self):
        return None if self.stage == "over" else 0

    def legal_actions(self):
        if self.stage == "start":
            return ["safe", "gamble"]
        if self.stage == "call":
            return ["call heads", "call tails"]
        return []

    def apply(self, action):
        if action == "safe":
            self.won = self.dice.roll("d4", ("1", "2", "3", "4")) != "4"
            self.stage = "over"
        elif action == "gamble":
            self.coin = self.dice.roll("coin", ("heads", "tails"))
            self.stage = "call"
        else:
            self.won = action == f"call {self.coin}"
            self.stage = "over"

    def outcome(self):
        if self.stage != "over":
            return None
        return Outcome(winners=(0,) if self.won else (), summary="")

    def clone(self, dice=None):
        return GambleState(self.game, dice or self.dice, self.stage, self.coin, self.won)

    def view(self, seat):
        return {"stage": self.stage, "coin": self.coin, "won": self.won}


class Gamble(ToyGame):
    """The toy game above: calling the coin after seeing it always wins."""

    id = "gamble"

    def state_from_view(self, view, dice):
        return GambleState(self, dice, view["stage"], view["coin"], view["won"])


class StallState(State):
    """Two players: seat 0 resigns (seat 1 wins) or stalls for ever."""

    def __init__(self, game, dice, resigned=False, steps=0):
        self.game, self.dice, self.resigned, self.steps = game, dice, resigned, steps

    players = 2

    def to_move(self):
        return None if self.resigned else 0

    def legal_actions(self):
        return ["resign", "stall"] if self.steps == 0 else ["stall"]

    def apply(self, action):
        self.resigned = action == "resign"
        self.steps += 1

    def outcome(self):
        return Outcome(winners=(1,), summary="") if self.resigned else None

    def clone(self, dice=None):
        return StallState(self.game, dice or self.dice, self.resigned, self.steps)

    def view(self, seat):
        return {"resigned": self.resigned, "steps": self.steps}


class Stall(ToyGame):
    """The toy game above, with a rollout policy that counts its calls."""

    id = "stall"

    def __init__(self):
        self.policy_calls = 0

    def state_from_view(self, view, dice):
        return StallState(self, dice, view["resigned"], view["steps"])

    def rollout_policy(self):
        def policy(state, rng):
            self.policy_calls += 1
            return state.legal_actions()[-1]
        return policy


class UniformJourney(type(JOURNEY)):
    """Journey to Mordor searched with uniformly random rollouts instead of the heuristic."""

    def rollout_policy(self):
        return None


# ----- Journey to Mordor positions -------------------------------------------------------

def white_tree_position(me: int):
    """`me` has a Ring aside and rolls R, O, O, T: keeping T and R reaches Mount Doom now,
    while the rival also stands one space short and has more marks on its Nazgûl route."""
    colour = ["yellow", "red"]  # Frodo, Sam
    return table(roll(**{colour[1 - me]: "R"}, blue="O", green="O", black="T"),
                 active=me, ring={me: 7, 1 - me: 8}, nazgul={1 - me: "xx...."},
                 aside=[(colour[me], "R")], dice=SeededDice(1))


def final_round_position():
    """Frodo has reached Mount Doom; Sam, last to play this round, is 3 spaces short with a
    Ring aside and rolls R, F, O, T: stopping now can only lose, rolling on may still win."""
    return table(roll(yellow="R", blue="F", green="O", black="T"), active=1,
                 ring={0: 9, 1: 6}, arrived=[0], final_round=True, nazgul={0: "x....."},
                 aside=[("red", "R")], dice=SeededDice(1))


def opening_position(seed=5, players=2):
    """A real opening roll with several legal decisions."""
    state = JOURNEY.new_state({"players": players}, SeededDice(seed))
    assert len(state.legal_actions()) > 1
    return state


# ----- tests -----------------------------------------------------------------------------

@pytest.mark.parametrize("me", [0, 1])
@pytest.mark.parametrize("game", [JOURNEY, UniformJourney()], ids=["heuristic", "uniform"])
def test_keeps_the_white_tree_with_two_rings_to_reach_mount_doom(game, me):
    state = white_tree_position(me)
    legal = state.legal_actions()
    for seed in (1, 2):
        agent = MCTSAgent(game, me, seed, iterations=150)
        choice = agent.choose(state.view(me), legal)
        assert str(choice) == "keep R T", agent.last_search["root"]


def test_overrules_the_rollout_policy_when_it_stops_short_in_the_final_round():
    state = final_round_position()
    legal = state.legal_actions()
    for seed in (1, 2):
        agent = MCTSAgent(JOURNEY, 1, seed, iterations=200)
        choice = agent.choose(state.view(1), legal)
        assert str(choice) == "keep R", agent.last_search["root"]
        stops = [mean for action, _, mean in agent.last_search["root"] if "T" in action]
        assert max(stops) == 0.0  # the White Tree ends Sam's last turn short of Mordor


def test_without_enough_confidence_the_policys_pick_stands():
    state = opening_position(seed=8)
    legal = state.legal_actions()
    heuristic = make_agent("heuristic", JOURNEY, 0).choose(state.view(0), legal)
    for seed in (1, 2, 3):
        doubter = MCTSAgent(JOURNEY, 0, seed, iterations=60, confidence=math.inf)
        assert doubter.choose(state.view(0), legal) == heuristic
        assert not doubter.last_search["overruled"]


def test_the_policys_pick_is_searched_enough_to_be_compared():
    state = opening_position(seed=6)
    agent = MCTSAgent(JOURNEY, 0, 2, iterations=300)
    agent.choose(state.view(0), state.legal_actions())
    visits = {action: n for action, n, _ in agent.last_search["root"]}
    assert visits[agent.last_search["policy"]] >= max(visits.values()) // 2


def test_chosen_action_is_an_element_of_the_legal_list():
    state = opening_position(players=3)
    legal = state.legal_actions()
    choice = make_agent("mcts:40", JOURNEY, 0, seed=9).choose(state.view(0), legal)
    assert any(choice is action for action in legal)


def test_same_seed_same_search_and_choice():
    state = opening_position(seed=8)
    legal = state.legal_actions()
    first, second = MCTSAgent(JOURNEY, 0, 77, iterations=60), MCTSAgent(JOURNEY, 0, 77,
                                                                        iterations=60)
    for _ in range(2):  # the second decision draws on the agents' advanced generators
        assert first.choose(state.view(0), legal) == second.choose(state.view(0), legal)
        assert first.last_search["root"] == second.last_search["root"]


def test_search_rolls_nothing_into_the_game_and_leaves_the_state_alone():
    state = opening_position(seed=3)
    rolled, before = list(state.dice.log), state.view(0)
    make_agent("mcts:80", JOURNEY, 0, seed=1).choose(state.view(0), state.legal_actions())
    assert state.dice.log == rolled
    assert state.view(0) == before


def test_a_single_legal_decision_is_returned_without_search():
    only = ["advance 1"]
    agent = MCTSAgent(JOURNEY, 0, 1, iterations=500)
    assert agent.choose({"not": "read"}, only) is only[0]
    assert agent.last_search["iterations"] == 0


def test_chance_nodes_are_keyed_by_the_sampled_outcome():
    # Open loop, 'gamble' would look like a coin toss (0.5) and lose to 'safe' (0.75).
    game = Gamble()
    state = GambleState(game, SeededDice(0))
    agent = MCTSAgent(game, 0, 4, iterations=300, exploration=1.0)
    assert agent.choose(state.view(0), state.legal_actions()) == "gamble"
    gamble = next(e for e in agent.last_search["tree"].edges if e.action == "gamble")
    assert set(gamble.outcomes) == {(("coin", "heads"),), (("coin", "tails"),)}
    assert gamble.total / gamble.visits > 0.8


def test_the_search_starts_from_the_seats_view_only():
    seen = []

    class Watched(Gamble):
        def state_from_view(self, view, dice):
            seen.append((view, dice.log))
            return super().state_from_view(view, dice)

    game = Watched()
    view = GambleState(game, SeededDice(0)).view(0)
    MCTSAgent(game, 0, 1, iterations=30).choose(view, ["safe", "gamble"])
    assert len(seen) == 1 and seen[0][0] is view
    assert seen[0][1] == []  # the search's own dice keep no log


def test_chance_children_widen_progressively():
    state = opening_position(seed=2)
    agent = MCTSAgent(JOURNEY, 0, 6, iterations=400)
    agent.choose(state.view(0), state.legal_actions())
    nodes, stack = 0, [agent.last_search["tree"]]
    while stack:
        node = stack.pop()
        nodes += 1
        for edge in node.edges:
            assert len(edge.outcomes) <= max(1, math.ceil(math.sqrt(edge.visits)))
            stack.extend(edge.outcomes.values())
    assert nodes <= 400 + 1  # at most one new node an iteration


def test_unfinished_rollouts_count_as_a_draw_and_use_the_games_policy():
    game = Stall()
    state = StallState(game, None)
    agent = MCTSAgent(game, 0, 1, iterations=50, max_rollout_steps=20)
    assert agent.choose(state.view(0), state.legal_actions()) == "stall"
    stall = next(mean for action, _, mean in agent.last_search["root"] if action == "stall")
    assert stall == pytest.approx(0.5)
    assert game.policy_calls > 0


def test_a_time_budget_stops_the_search():
    state = opening_position(seed=4)
    agent = make_agent("mcts:0.2s", JOURNEY, 0, seed=1)
    began = time.perf_counter()
    assert agent.choose(state.view(0), state.legal_actions()) in state.legal_actions()
    assert time.perf_counter() - began < 1.5
    assert agent.last_search["iterations"] >= 1


class HorizonStall(Stall):
    """Stall with an evaluation horizon: stalling is worth 0.9 to seat 0 when scored."""

    def __init__(self, horizon):
        super().__init__()
        self.horizon, self.evaluations = horizon, 0

    def rollout_evaluation(self):
        def evaluate(state):
            self.evaluations += 1
            return [0.9, 0.1]
        return self.horizon, evaluate


def test_rollouts_stop_at_the_games_evaluation_horizon_and_score_by_it():
    game = HorizonStall(horizon=3)
    state = StallState(game, None)
    agent = MCTSAgent(game, 0, 1, iterations=40)
    assert agent.choose(state.view(0), state.legal_actions()) == "stall"
    stall = next(mean for action, _, mean in agent.last_search["root"] if action == "stall")
    assert stall == pytest.approx(0.9)
    assert game.evaluations > 0
    # each iteration: at most one ordering of a new node, then the horizon's decisions
    assert game.policy_calls <= (1 + 3) * game.evaluations + 1


class FickleState(StallState):
    """After 'go', the offered decision depends on a mood drawn outside the dice at each
    copy, so a decision the tree remembers can be illegal on the next visit."""

    copies = 0

    def __init__(self, *args):
        super().__init__(*args)
        FickleState.copies += 1
        self.mood = ["left", "right"][FickleState.copies % 2]

    def legal_actions(self):
        return ["go", "resign"] if self.steps == 0 else [self.mood]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action}' is not offered here", rule="toy")
        super().apply("stall" if action != "resign" else action)
        self.resigned = self.resigned or self.steps > 3

    def clone(self, dice=None):
        return FickleState(self.game, dice or self.dice, self.resigned, self.steps)


class Fickle(Stall):
    """The toy game above, searched with random rollouts."""

    def state_from_view(self, view, dice):
        return FickleState(self, dice, view["resigned"], view["steps"])

    def rollout_policy(self):
        return None


def test_a_remembered_decision_that_became_illegal_is_forgotten_not_raised():
    game = Fickle()
    state = FickleState(game, None)
    agent = MCTSAgent(game, 0, 3, iterations=60)
    assert agent.choose(state.view(0), state.legal_actions()) in ("go", "resign")
    assert agent.last_search["iterations"] == 60


class NarrowGamble(Gamble):
    """Gamble, searched over an abstraction that leaves out the winning call of heads."""

    def __init__(self, start):
        self.start, self.listed = start, 0

    def search_actions(self, state):
        self.listed += 1
        return list(self.start) if state.stage == "start" else ["call tails"]


def test_the_search_considers_only_the_games_search_actions_of_those_offered():
    game = NarrowGamble(start=["gamble"])
    state = GambleState(game, None)
    agent = MCTSAgent(game, 0, 2, iterations=200)
    assert agent.choose(state.view(0), state.legal_actions()) == "gamble"
    assert [action for action, _, _ in agent.last_search["root"]] == ["gamble"]
    # below the root only 'call tails' is searched: the gamble wins about half the time
    assert agent.last_search["root"][0][2] == pytest.approx(0.5, abs=0.15)
    assert game.listed > 1


def test_search_actions_that_list_none_of_the_offered_leave_all_of_them_searched():
    game = NarrowGamble(start=["fold"])
    state = GambleState(game, None)
    agent = MCTSAgent(game, 0, 2, iterations=100)
    agent.choose(state.view(0), state.legal_actions())
    assert sorted(action for action, _, _ in agent.last_search["root"]) == ["gamble", "safe"]


class SpitefulGamble(Gamble):
    """Gamble searched with payoffs turned round: losing is worth 1 (search_payoffs)."""

    def search_payoffs(self, outcome, players):
        return [1.0 - r for r in outcome.returns(players)]


def test_finished_rollouts_are_scored_by_the_games_search_payoffs():
    game = SpitefulGamble()
    state = GambleState(game, None)
    agent = MCTSAgent(game, 0, 4, iterations=400, exploration=10.0)  # 'safe' visited often
    agent.choose(state.view(0), state.legal_actions())
    visits = {action: n for action, n, _ in agent.last_search["root"]}
    means = {action: mean for action, _, mean in agent.last_search["root"]}
    assert visits["safe"] >= 50
    assert means["safe"] == pytest.approx(0.25, abs=0.12)  # 'safe' loses on a 4 only


class CutStall(Stall):
    """Stall whose rollouts stop at the second decision, where stalling is worth 0.8."""

    def search_cutoff(self, root):
        return lambda state: [0.8, 0.2] if state.steps >= 2 else None


def test_rollouts_stop_where_the_games_search_cutoff_gives_payoffs():
    game = CutStall()
    state = StallState(game, None)
    agent = MCTSAgent(game, 0, 1, iterations=40)
    assert agent.choose(state.view(0), state.legal_actions()) == "stall"
    stall = next(mean for action, _, mean in agent.last_search["root"] if action == "stall")
    assert stall == pytest.approx(0.8)


class CutOnceStall(Stall):
    """Stall valued 0.8 exactly at its second decision; past it a rollout never ends (a
    draw), so a tree grown beyond the horizon would score stalling lower."""

    def search_cutoff(self, root):
        return lambda state: [0.8, 0.2] if state.steps == 2 else None


def test_the_tree_stops_at_the_games_search_cutoff_as_rollouts_do():
    game = CutOnceStall()
    state = StallState(game, None)
    agent = MCTSAgent(game, 0, 1, iterations=60, max_rollout_steps=20)
    agent.choose(state.view(0), state.legal_actions())
    stall = next(edge for edge in agent.last_search["tree"].edges if edge.action == "stall")
    assert stall.visits > 20 and stall.mean() == pytest.approx(0.8)
    below = next(iter(stall.outcomes.values()))         # steps == 1
    assert all(not child.edges for e in below.edges for child in e.outcomes.values())


class MinorStall(Stall):
    """Stall whose every decision is a minor question (search_worthy is False)."""

    def search_worthy(self, view):
        return False


def test_a_minor_question_is_answered_by_the_rollout_policy_without_a_search():
    game = MinorStall()
    state = StallState(game, None)
    agent = MCTSAgent(game, 0, 1, iterations=500)
    assert agent.choose(state.view(0), state.legal_actions()) == "stall"  # the policy's pick
    assert agent.last_search["iterations"] == 0 and game.policy_calls == 1


class RootStall(Stall):
    """Stall whose root policy (a game's full general, dearer than its rollouts) resigns
    where the rollout policy stalls."""

    def root_policy(self):
        def policy(state, rng):
            self.root_calls = getattr(self, "root_calls", 0) + 1
            return state.legal_actions()[0]
        return policy


def test_the_root_policys_pick_is_the_one_the_search_must_clearly_beat():
    # issue 14, item 12: the search kept the cheap rollout policy's pick unless clearly
    # beaten, not the full general's; a game's root policy is that pick now
    game = RootStall()
    state = StallState(game, None)
    doubter = MCTSAgent(game, 0, 1, iterations=40, confidence=math.inf)
    assert doubter.choose(state.view(0), state.legal_actions()) == "resign"
    assert doubter.last_search["policy"] == "resign" and game.root_calls == 1
    # ...and beaten clearly (resigning loses every rollout), it is overruled
    searcher = MCTSAgent(game, 0, 1, iterations=200)
    assert searcher.choose(state.view(0), state.legal_actions()) == "stall"
    assert searcher.last_search["overruled"]


class MinorRootStall(RootStall):
    """RootStall whose every decision is a minor question."""

    def search_worthy(self, view):
        return False


def test_a_minor_question_is_answered_by_the_root_policy_where_the_game_has_one():
    game = MinorRootStall()
    state = StallState(game, None)
    agent = MCTSAgent(game, 0, 1, iterations=500)
    assert agent.choose(state.view(0), state.legal_actions()) == "resign"
    assert agent.last_search["iterations"] == 0 and game.policy_calls == 0


class PlayedOutGamble(Gamble):
    """Gamble whose rollouts the game plays itself (SearchHooks.search_rollout): each one
    from the root it was made for is scored 0.25, and counted."""

    def __init__(self):
        self.roots, self.playouts = [], 0

    def search(self):
        return SearchHooks(search_rollout=self.search_rollout)

    def search_rollout(self, root):
        self.roots.append(root.view(0))

        def playout(state, rng):
            self.playouts += 1
            return [0.25]
        return playout


def test_a_game_that_plays_its_own_rollouts_scores_every_iteration_by_them():
    # issue 15, item 4: mcts hands each rollout to the game's search_rollout (Journey's
    # batch engine) instead of playing it decision by decision; made once per search
    game = PlayedOutGamble()
    state = GambleState(game, None)
    agent = MCTSAgent(game, 0, 1, iterations=60)
    agent.choose(state.view(0), state.legal_actions())
    assert game.roots == [state.view(0)] and game.playouts == 60
    assert all(mean == 0.25 for _, _, mean in agent.last_search["root"])
