"""Mutation testing of the rules scoring, statistics and sheet geometry (issue #15).

Runs mutmut once per target, each in its own scratch copy under /tmp so the project's
pytest configuration stays untouched and targets never share mutmut's cache, then
prints killed / (killed + survived + no tests) per target. Not run in CI: a full pass
takes tens of minutes on two cores.

    python benchmarks/mutation.py                    # every target
    python benchmarks/mutation.py stats sheets       # some targets
    python benchmarks/mutation.py --list             # what each target mutates
    python benchmarks/mutation.py stats --survivors  # also print each survivor's diff

Each target names one source file, the mutmut mutant-name globs to run (a function or a
method: ``module.x_func__mutmut_*`` or ``module.xǁClassǁmethod__mutmut_*``), and the
test files that exercise it. Whole engine files would be thousands of mutants, so the
rules targets run only their scoring and payment functions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = Path("/tmp/cardgen-mutation")
COPY = ["cardgen", "tests", "decks", "variants", "templates", "docs", "README.md", "pyproject.toml"]


@dataclass(frozen=True)
class Target:
    name: str
    source: str                 # the file mutmut mutates
    functions: tuple[str, ...]  # mutant-name globs, "" for the whole file
    tests: tuple[str, ...]      # pytest selection (files, node ids, --deselect ...)


def _m(source: str, *names: str) -> tuple[str, ...]:
    mod = source[:-3].replace("/", ".")
    return tuple(f"{mod}.{n}__mutmut_*" for n in names)


KL = "cardgen/games/king_lui/engine.py"
KR = "cardgen/games/king_lui/rules.py"
KC = "cardgen/games/king_lui/cardlists.py"
DR = "cardgen/games/draco/engine.py"
DT = "cardgen/games/draco/table.py"
DS = "cardgen/games/draco/rules.py"
RQ = "cardgen/games/royale/require.py"
ST = "cardgen/simulate/stats.py"
CP = "cardgen/simulate/compare.py"
SH = "cardgen/render/sheets.py"
RC = "cardgen/rulebook/context.py"
UN = "cardgen/unchanged.py"
PS = "cardgen/play/session.py"
HU = "cardgen/simulate/human.py"
RP = "cardgen/report/playtest.py"
PA = "cardgen/play/access.py"
PW = "cardgen/play/view.py"
FI = "cardgen/fileio.py"
TJ = "cardgen/tune/journal.py"
FX = "cardgen/tune/fix.py"
WA = "cardgen/watch.py"
EX = "cardgen/simulate/executor.py"
GU = "cardgen/guard.py"
FA = "cardgen/simulate/failures.py"
GA = "cardgen/agents/generic.py"
KB = "cardgen/games/king_lui/book.py"
DB = "cardgen/games/draco/book.py"
HO = "cardgen/house.py"
CA = "cardgen/simulate/cards.py"
VE = "cardgen/simulate/verdict.py"
DE = "cardgen/simulate/designer.py"
PR = "cardgen/printable.py"
TE = "cardgen/terminal.py"
SU = "cardgen/simulate/summary.py"
RT = "cardgen/report/templating.py"
TU = "cardgen/report/tuning.py"
VA = "cardgen/report/validation.py"
RS = "cardgen/report/svg.py"
RP = "cardgen/report/pages.py"
RI = "cardgen/report/impact.py"

#: the report pages' tests (issue 34: templates, autoescape, one percentage formatter)
REPORT_TESTS = ("tests/test_report_escaping.py", "tests/test_report_pages.py", "tests/test_report.py",
                "tests/test_report_runs.py", "tests/test_report_impact.py",
                "tests/test_compare.py::test_the_report_speaks_french_when_asked")

#: the served table's routes and state, called in this process (mutmut does not follow HTTP or a child process;
#: tests/test_play_server.py reaches the play modules only in a child process, so mutmut never credits it with a
#: kill: mutmut-stats.json of 2026-11-26 maps none of its tests to a play function. The play targets leave it out:
#: it made each run 10 minutes longer for nothing)
PLAY_IN_PROCESS = "tests/test_play_routes_mutants.py"
#: who may ask what of a served table, asked of the checks in this process
PLAY_ACCESS = "tests/test_play_access_mutants.py"

#: Its second process is started with a scrubbed environment, so it never runs the active mutant:
#: under mutmut it compares the mutated PDF with the unmutated one and "kills" every mutant that
#: moves a byte, harmless or not. The drawing targets leave it out and are judged on geometry.
SAME_BYTES = "tests/test_sheets.py::test_same_input_gives_identical_bytes_in_and_across_processes"

TARGETS = [
    Target("king_lui_scoring", KL, _m(KL, "xǁKingLuiStateǁscores"),
           ("tests/test_king_lui_rules.py", "tests/test_king_lui_engine.py", "tests/test_king_lui_mutants.py")),
    # the rules King Lui's two tiers share (issue 37: written once, the engine runs them on lists,
    # compiled_rules compiles them as they are)
    Target("king_lui_rules", KR, _m(KR, "x_choices", "x_to_draw", "x_score", "x_winners"),
           ("tests/test_king_lui_rules.py", "tests/test_king_lui_engine.py", "tests/test_king_lui_mutants.py")),
    # King Lui's live card lists over the engine's record (issue 49: the house-rule API changes the game in place)
    Target("king_lui_cardlists", KC, _m(KC, "xǁCardsǁ*", "xǁSupplyǁ*", "x_replace", "xǁRowsǁ*", "xǁCardListsǁ*"),
           ("tests/test_king_lui_cardlists.py", "tests/test_house.py", "tests/test_king_lui_play.py",
            "tests/test_king_lui_engine.py")),
    Target("royale_require", RQ, _m(RQ, "x_sat", "x_values_ok", "x_types_ok", "x_viable", "x_exists", "x_min_need"),
           ("tests/test_royale_require.py", "tests/test_royale_require_mutants.py")),
    Target("draco_table", DT, _m(DT, "x_toast_deltas", "x_add_toast", "x_toast_seat", "x_sarah_neighbours",
                                 "x_put_sarah_neighbours", "x_coins_held", "x_settle", "x_transfer", "x_track_coins"),
           ("tests/test_draco_engine.py", "tests/test_draco_rules.py", "tests/test_draco_mutants.py",
            "tests/test_rulebook_examples.py", "tests/test_draco_money.py")),
    # the seat moves both tiers and the heuristic's trial seatings run (issue 37: written once in table.py)
    Target("draco_seats", DT, _m(DT, "x_index", "x_move", "x_swap", "x_beside_draco", "x_arrange", "x_flip",
                                 "x_reseat"),
           ("tests/test_draco_engine.py", "tests/test_draco_rules.py", "tests/test_draco_agents.py")),
    # the legal rows of playing a card, which both tiers list their moves from (issue 37: written once)
    Target("draco_play_rows", DT, _m(DT, "x_put", "x_characters", "x_play_rows"),
           ("tests/test_draco_play_rows.py", "tests/test_draco_engine.py", "tests/test_draco_rules.py")),
    # the toast example's seat-by-seat walk in the Draco book (issue 37: from the engine, not the template)
    Target("draco_book_walk", "cardgen/games/draco/book.py", _m("cardgen/games/draco/book.py", "x_toast_walk"),
           ("tests/test_rulebook_examples.py", "tests/test_rulebook_draco.py")),
    # whether a Royale game can empty its dish pile: the book prints that box only then (issue 37: in the
    # rules package, not the template)
    Target("royale_book_pile", "cardgen/games/royale/book.py",
           _m("cardgen/games/royale/book.py", "x_pile_can_run_out", "x__most_cells", "x__count"),
           ("tests/test_rulebook_royale.py::test_the_empty_pile_box_only_when_the_pile_can_run_out",)),
    # Royale's rules written once (issues 37, 49): the set-up, the pile's packets and its rebuild, the piles dealt
    # again, the winners, the turn flow, what a decision allows and a noble cleared
    Target("royale_rules", "cardgen/games/royale/rules.py",
           _m("cardgen/games/royale/rules.py", "x_packets", "x_redeal", "x_winners", "x_draw", "x_refill", "x_ghost",
             "x_start_turn", "x_end_turn", "x_legal", "x_clear", "x_setup", "x_pack", "x_repack", "x_dishes",
             "x_result", "x_end", "x_reshuffle", "x_next_row"),
           ("tests/test_royale_rules.py", "tests/test_royale_engine.py", "tests/test_royale_state.py",
            "tests/test_royale_shared_rules.py")),
    Target("draco_payments", DR, _m(DR, "xǁDracoStateǁ_toast", "xǁDracoStateǁ_transfer", "xǁDracoStateǁ_settle",
                                     "xǁDracoStateǁ_winners"),
           ("tests/test_draco_engine.py", "tests/test_draco_rules.py", "tests/test_draco_mutants.py")),
    Target("draco_rules", DS, _m(DS, "x_draw", "x_pile_empty", "x_settle", "x_transfer", "x_start_turn", "x_after_play",
                                 "x_next_neighbour", "x_end_turn", "x_legal", "x_play", "x_roll", "x_toast",
                                 "x_winners", "x_count", "x_below"),
           ("tests/test_draco_engine.py", "tests/test_draco_rules.py", "tests/test_draco_money.py",
            "tests/test_draco_invariants.py", "tests/test_draco_mutants.py")),
    # the reference engine's counter and card-place accessors Draco's and Royale's rule steps read through
    # (issue 49: written once, each rules.py imports them by name for cardgen.jit.bind)
    Target("games_reference", "cardgen/games/reference.py", ("",),
           ("tests/test_games_reference.py", "tests/test_draco_rules.py", "tests/test_royale_rules.py",
            "tests/test_royale_state.py")),
    # a rules module's one-line forms inlined for the reference engine (issue 49: its frames per decision)
    Target("engine_inline", "cardgen/engine/inline.py", ("",),
           ("tests/test_engine_inline.py", "tests/test_draco_rules.py", "tests/test_royale_rules.py")),
    # (its kept code, loaded instead of parsed again, is tested by test_engine_inline.py's last three tests)
    # a record written once as a named tuple, read through slots by a Python agent (issue 49: Draco's forecast)
    Target("engine_records", "cardgen/engine/records.py", ("",),
           ("tests/test_engine_records.py", "tests/test_draco_agents.py")),
    Target("stats", ST, ("",), ("tests/test_stats.py", "tests/test_stats_mutants.py")),
    Target("compare_stats", CP, _m(CP, "x_metric", "x_unpaired", "x_holm", "x__r", "x__winning", "x_pair_metrics"),
           ("tests/test_compare.py", "tests/test_compare_mutants.py",
            "--deselect", "tests/test_compare.py::test_the_bank_runs_short_with_a_rich_toast")),
    Target("sheets_geometry", SH, _m(SH, "x_compose", "x_fit_grid", "xǁSlotǁ*"),
           ("tests/test_sheets.py", "tests/test_sheets_mutants.py")),
    # the three slips planted by hand that once got through (issue 23)
    # (mutmut runs, for each mutant, only the selected tests that called the mutated function)
    Target("sheets_marks", SH, _m(SH, "xǁSheetsǁcrop_marks", "xǁSheetsǁpage_box"),
           ("tests/test_sheets.py", "tests/test_sheets_mutants.py", "--deselect", SAME_BYTES)),
    Target("rulebook_title", RC, _m(RC, "x_build_context"),
           tuple(f"tests/test_rulebook.py::test_{n}" for n in (
               "metadata_language_title_author", "numbers_follow_the_deck", "variant_lists_its_differences",
               "the_title_page_gives_the_published_player_range")) + ("tests/test_rulebook_context_mutants.py",)),
    Target("build_fingerprint", UN, _m(UN, "x_fingerprint"),
           ("tests/test_unchanged.py", "tests/test_unchanged_mutants.py")),
    # who may move at a table of several people, and the feedback kept with the game (issue 35)
    Target("play_session", PS, _m(PS, "xǁSessionǁplay", "xǁSessionǁagent_move", "xǁSessionǁwaiting_for",
                                  "xǁSessionǁgive_feedback", "xǁSessionǁsave", "x_remove_stale_temporaries"),
           ("tests/test_play_session.py",)),
    Target("human_feedback", HU, _m(HU, "x_human_figures", "x_seat_results", "x_feedback_figures",
                                    "x_feedback_lines", "x_people_answers", "x_person_line"),
           ("tests/test_human.py", "tests/test_playtest_page.py")),
    # per-language grammar as data (issue 37): "twice", ordinals, singular or plural, elision
    Target("language_helpers", "cardgen/text.py", ("",), ("tests/test_text.py", "tests/test_wordbook.py")),
    # bad arguments refused in the command's language, argparse's own refusals said with our words (issue 53)
    Target("arguments", "cardgen/arguments.py", ("",),
           ("tests/test_no_english_refusals.py", "tests/test_cli.py::test_bad_language_argument",
            "tests/test_arguments_mutants.py")),
    # the sheets' sentences from their wordbook (render/strings.json, read by render/strings.py since 2ddb54d):
    # English for a language without them, counts singular or plural
    Target("sheet_strings", "cardgen/render/strings.py", ("",), ("tests/test_strings.py",)),
    # the loader of every wordbook (JSON beside its module) and of a new language's one file, cardgen/locale/<lang>.json
    Target("wordbook_loader", "cardgen/wordbook.py", ("",),
           ("tests/test_wordbook.py", "tests/test_strings.py", "tests/test_wordbook_mutants.py")),
    # Babel's extraction method over the wordbooks and the check of what a language lacks (issue 53)
    Target("wordbook_babel", "cardgen/wordbook_babel.py", ("",), ("tests/test_wordbook_babel.py",)),
    # the report's playtest page: people beside the agents, answers escaped, nothing drawn from no games
    Target("playtest_page", RP, ("",), ("tests/test_playtest_page.py",)),
    # the designer's hold on the seats, table talk and undo by agreement (issue #52): whole small modules
    Target("play_seats", "cardgen/play/seats.py", ("",),
           ("tests/test_play_seats.py::test_a_seat_handed_to_an_agent_is_played_by_it_and_given_back",
            "tests/test_play_seats.py::test_the_table_starts_when_the_designer_says",
            "tests/test_play_seats.py::test_each_refusal_of_the_seat_controls_names_the_seat_and_its_code",
            "tests/test_play_seats.py::test_an_agent_kind_is_the_tables_own_or_the_first_the_game_has")),
    Target("play_talk", "cardgen/play/talk.py", ("",),
           ("tests/test_play_talk.py::test_a_message_is_short_plain_and_the_peoples",
            "tests/test_play_talk.py::test_an_undo_waits_for_every_persons_yes",
            "tests/test_play_talk.py::test_a_move_made_meanwhile_drops_the_undo_asked",
            "tests/test_play_talk.py::test_one_yes_of_two_is_not_enough",
            "tests/test_play_talk.py::test_every_change_is_heard_by_the_pages_and_a_finished_game_takes_nothing_back",
            "tests/test_play_talk.py::test_each_refusal_of_talk_undo_and_rematch_has_its_code_and_its_detail",
            "tests/test_play_said.py")),
    # what was said at a table, kept in its log line and read back by --resume (issue #52)
    Target("play_said", "cardgen/play/said.py", ("",),
           ("tests/test_play_said.py", "tests/test_play_said_mutants.py")),
    # a turn that showed its player a card nobody else saw: not taken back at a table of people (#53 round 29 en1)
    Target("play_seen", "cardgen/play/seen.py", ("",), ("tests/test_play_round29_undo.py",)),
    # a player named in a game's sentences as each page names them, "you" on their own (#53 round 29 en3)
    Target("games_mention", "cardgen/games/mention.py", ("",), ("tests/test_play_round29_names.py",)),
    # what a spectator and a passed device see: only what every seat sees alike, a hand once its person taps
    Target("play_spectator", PW, _m(PW, "x_spectator_view", "x_pass_view", "x_in_seat_order"),
           ("tests/test_play_spectator.py::test_the_spectator_sees_what_every_seat_sees_alike_and_no_hand",
            "tests/test_play_spectator.py::"
            "test_the_passed_device_shows_a_hand_only_for_the_person_to_move_who_tapped",
            "tests/test_play_spectator.py::test_the_seats_areas_come_together_in_seat_order",
            "tests/test_play_spectator.py::test_the_spectators_seats_are_in_the_tables_seat_order_all_game_long",
            "tests/test_play_said.py::test_the_passed_device_takes_each_persons_answers_by_name")),
    # how the page calls an unnamed person (the seat), counts one or many, titles the designer's hands (#52/#53)
    Target("play_page_words", PW, _m(PW, "x__called", "x__count", "x_designer_view", "x__names", "x__status",
                                     "x_house_rule"),
           ("tests/test_play_page_words.py",)),
    # a house rule's own part of a move, told in the journal as who gave what to whom (issue #52, second reading)
    Target("play_house_journal", PS, _m(PS, "xǁRuleWatchǁ*", "x_house_effect"),
           ("tests/test_play_house_journal.py", "tests/test_play_labels.py", "tests/test_play_house_journal_mutants.py")),
    # fix's report page (issue #53, twenty-third reading en38): the ranked fixes, their files, the record
    Target("fix_page", "cardgen/report/fixing.py", _m("cardgen/report/fixing.py", "x_render_fix"),
           ("tests/test_fix_page.py",)),
    # the gallery in the language it was built in (its words: cardgen/report/gallery.json)
    Target("gallery_words", "cardgen/report/gallery.py",
           _m("cardgen/report/gallery.py", "x_gallery_lang", "x_words_in", "x__reports"),
           ("tests/test_gallery_words.py", "tests/test_gallery_words_mutants.py")),
    # who may ask what of a served table: roles, Host and Origin (issue #52: the server split by responsibility)
    Target("play_access", PA, _m(PA, "x_check_origin", "x_check_role", "x_table_keys"),
           ("tests/test_play_said.py::test_a_rematch_proposed_and_accepted_moves_each_key_with_its_person",
            "tests/test_play_said.py::test_the_passed_device_takes_each_persons_answers_by_name",
            "tests/test_play_spectator.py", "tests/test_play_lobby.py", PLAY_ACCESS)),
    # the served table's state (keys following people, each role's JSON) and its routes, in-process
    Target("play_context", "cardgen/play/context.py", ("",),
           ("tests/test_play_said.py", "tests/test_play_seats.py", "tests/test_play_spectator.py",
            PLAY_IN_PROCESS)),
    Target("play_routes", "cardgen/play/routes_table.py", ("",),
           ("tests/test_play_said.py", "tests/test_play_talk.py", PLAY_IN_PROCESS)),
    Target("play_routes_seats", "cardgen/play/routes_seats.py", ("",),
           ("tests/test_play_seats.py", "tests/test_play_lobby.py", PLAY_IN_PROCESS)),
    Target("play_routes_lobby", "cardgen/play/routes_lobby.py", ("",),
           ("tests/test_play_lobby.py", PLAY_IN_PROCESS)),
    Target("play_routes_feedback", "cardgen/play/routes_feedback.py", ("",),
           ("tests/test_play_said.py::test_the_passed_device_takes_each_persons_answers_by_name",
            PLAY_IN_PROCESS)),
    # the socket's guard against idle and half-sent connections, served in the test's own process
    Target("play_network", "cardgen/play/network.py", _m("cardgen/play/network.py", "x_head_timeout_protocol"),
           ("tests/test_play_network_mutants.py",)),
    # the rest of network.py: the listening socket, the address on the local network, the QR code (in this process)
    Target("play_sockets", "cardgen/play/network.py", _m("cardgen/play/network.py", "x_free_socket", "x_lan_address",
                                                       "x_qr_text"), ("tests/test_play_sockets_mutants.py",)),
    # refusals in the table's language (a slow target: it starts tables)
    Target("play_refusals", PA, _m(PA, "x_refusal_words"),
           ("tests/test_play_server.py::test_refusals_outside_play_speak_the_tables_language",
            "tests/test_play_server.py::test_every_refusal_has_its_words_in_every_language",
            "tests/test_play_access_mutants.py::test_a_refusal_speaks_the_tables_language_and_falls_back_to_english_"
            "then_to_its_own_line")),
    # what a killed command leaves, and who removes it (issue 38)
    Target("temporary_sweep", FI, _m(FI, "x__pid_alive", "x_sweep_temporaries", "x_create_temporary"),
           ("tests/test_fileio.py", "tests/test_cli.py::test_a_command_removes_what_killed_commands_left_in_its_output_folder")),
    # what dead writers left outside every output folder, through the register (issue 51)
    Target("writers_register", FI, _m(FI, "x__register", "x__empty_register", "x_sweep_dead_writers",
                                      "x_done_with_temporary"), ("tests/test_fileio.py",)),
    # cardgen's own YAML bounds answer before libyaml's (issue 51)
    Target("yaml_fallback", "cardgen/load/yamlparse.py", _m("cardgen/load/yamlparse.py", "x_parse", "x__build"),
           ("tests/test_load.py", "tests/test_hostile.py")),
    Target("tune_journal", TJ, ("",),
           ("tests/test_tune.py::test_an_interrupted_study_resumed_gives_the_uninterrupted_result",
            "tests/test_tune.py::test_resume_refuses_a_study_of_other_options")),
    # what cardgen fix reads as a problem, the size of a change, its levers and its one-lever plan (issue 54)
    Target("fix", FX, _m(FX, "x_shortfall_share", "x_problems", "xǁFixerǁ*", "x_side_effects", "x_check_cure",
                         "x_identical_cards", "x_declared_targets"),
           ("tests/test_fix.py", "tests/test_fix_plants.py", "tests/test_fix_targets.py")),
    Target("fix_levers", "cardgen/tune/levers.py",
           _m("cardgen/tune/levers.py", "x_levers", "x_cost", "x__rule_bounds", "x_base_values", "x_changed_numbers",
              "x_card_levers", "x_played_fields"), ("tests/test_fix.py", "tests/test_fix_plants.py")),
    Target("watch_inputs", WA, _m(WA, "x_watched", "x__own_output"), ("tests/test_watch.py",)),
    Target("cluster_faults", EX, _m(EX, "x_cluster_result", "x_set_worker_wait"), ("tests/test_cluster.py",)),
    # project code under a time limit; failed games never answered (issue 33)
    # mutmut's clean run stops at two tests, left out: the sleeping hook's wall-clock bound (a loaded machine)
    # and a real SIGINT (mutmut's own handler takes it)
    Target("code_guard", GU, ("",), ("tests/test_guard.py", "tests/test_guard_mutants.py", "tests/test_failed_games.py",
                                     "--deselect",
                                     "tests/test_failed_games.py::test_a_hook_that_sleeps_forever_ends_the_run_within_the_limit",
                                     "--deselect",
                                     "tests/test_guard.py::test_a_raised_keyboard_interrupt_is_the_codes_a_signal_is_not")),
    Target("failed_games", FA, ("",), ("tests/test_failed_games.py", "tests/test_terminal.py")),
    # the one cache helper every cache keeps its entries with (issue 37)
    Target("cache_entries", "cardgen/cache.py", _m("cardgen/cache.py", "x_load", "x_save", "x_fingerprint", "x__prune"),
           ("tests/test_cache.py", "tests/test_load.py", "tests/test_hyphcache.py", "tests/test_fonts.py",
            "tests/test_templating_cache.py")),
    # hook arguments read from the engine's signatures (issue 37)
    Target("hook_signatures", "cardgen/engine/hooks.py",
           _m("cardgen/engine/hooks.py", "x_method_args", "x_with_signatures", "xǁHookPointǁshape"),
           ("tests/test_hooks.py",)),
    # players for any rule (issue 33): the covered heuristic and the rules files' look-ahead
    Target("generic_agents", GA, ("",), ("tests/test_generic_agents.py", "tests/test_house_api.py")),
    # the covered heuristic's cheap judgement of a new option (issue 50 item 2): early stop, per-game verdicts
    Target("generic_settle", GA, _m(GA, "xǁVerdictsǁ*", "xǁMemoryǁ*", "x_settled_early", "x_clearly_behind",
                                    "x_paired_verdict", "x_kind_of"),
           ("tests/test_generic_settle.py", "tests/test_generic_settle_mutants.py")),
    # a look-ahead's samples unchecked, the game still checked (issue 50 item 2)
    Target("sample_unchecked", "cardgen/engine/hooks.py", _m("cardgen/engine/hooks.py", "x_unchecked"),
           ("tests/test_hooks_unchecked.py",)),
    # a replay of a game already played checked for its path, not again for its books (issue 50)
    Target("replay_unchecked", "cardgen/engine/hooks.py", _m("cardgen/engine/hooks.py", "x_replaying"),
           ("tests/test_house_replay.py",)),
    # the second, longer look at an extra that looks clearly behind a round ahead (issue 50 item 2)
    Target("generic_further", GA, _m(GA, "xǁCoveredAgentǁchoose_from_state", "xǁCoveredAgentǁ_look"),
           ("tests/test_generic_further.py", "tests/test_generic_settle.py")),
    Target("paired_rounds", "cardgen/agents/search.py",
           _m("cardgen/agents/search.py", "x_paired_choice", "x_paired_rounds", "x_paired_difference"),
           ("tests/test_generic_agents.py", "tests/test_generic_settle.py", "tests/test_generic_settle_mutants.py",
            "tests/test_paired_rounds_mutants.py")),
    # the rulebooks' worked examples, played by the engine (issue 36)
    Target("book_examples", KB, ("",), ("tests/test_rulebook_examples.py", "tests/test_rulebook.py")),
    Target("draco_book_example", DB, ("",), ("tests/test_rulebook_examples.py", "tests/test_rulebook_draco.py")),
    Target("book_parts", HO, _m(HO, "x_book_problems", "x_unwritten_parts"), ("tests/test_house.py",)),
    # a ruling box never opens a page apart from the rule it qualifies (issue 53, readers of round 5)
    Target("rule_tails", "cardgen/rulebook/tails.py",
           _m("cardgen/rulebook/tails.py", "xǁRuleWithBoxǁpieces", "xǁRuleWithBoxǁsplit", "x_keep_rules_with_boxes",
              "xǁRuleWithBoxǁ_block_pieces", "x_split_tail", "x__binds", "x__is_grid", "x__split_rows"),
           ("tests/test_rulebook_tails.py",)),
    # text set into a box: a short text shrinks before a word is split (the gold coin, issue 36)
    Target("text_fit", "cardgen/render/textfit.py",
           _m("cardgen/render/textfit.py", "x_fit_text", "x__wrap", "x__no_lone_word"),
           ("tests/test_render.py",)),
    # issue 34: which card is too strong (the deal experiment), the verdict, the designer figures
    Target("card_measure", CA, ("",), ("tests/test_cards.py", "tests/test_cards_mutants.py",
                                       "tests/test_true_statements.py", "tests/test_terminal_figures.py")),
    # issue 53: the terminal's figures mean what they print (the interval that decides a mark, a difference of
    # the values shown, percentage points, solo lines left out, ties once, the fix line after a shown problem)
    Target("terminal_figures", SU, _m(SU, "x_interval", "x_points", "x_ties_line",
                                      "x_held_by_all", "x_lowered", "x__row"), ("tests/test_terminal_figures.py",)),
    Target("compare_holm_interval", CP, _m(CP, "x_holm", "x_adjusted_interval"), ("tests/test_terminal_figures.py",)),
    Target("shown_difference", VE, _m(VE, "x_shown_difference", "x_shown"),
           ("tests/test_terminal_figures.py", "tests/test_verdict.py")),
    # issue 53, second reading: a starred interval printed non-zero, ties broken or shared, the changed tally named,
    # the stop said first, lines that do not apply left out, the fix line naming what it cures
    Target("terminal_words_2", SU, _m(SU, "x_marked_ends", "x_tie_items", "x_shared_tie", "x_internal_line",
                                      "x_first_sentence", "x_designer_lines", "x_difference_line", "x_points"),
           ("tests/test_terminal_words.py", "tests/test_terminal_figures.py")),
    # issue 53, sixth reading: compare's rows named short with a legend (100 columns), a game's ending ruling
    # not listed as a case, a 95 % interval worded by the terminal on every page
    Target("terminal_words_6", SU, _m(SU, "x_legend_lines", "x_listed_gaps"),
           ("tests/test_compare_width.py", "tests/test_ending_gaps.py")),
    Target("terminal_terms", TE, _m(TE, "x_with_terms"), ("tests/test_interval_words.py",)),
    Target("verdict_gloss", VE, _m(VE, "x_gloss", "x_label"), ("tests/test_compare_width.py", "tests/test_terminal_words.py")),
    Target("fix_line_names", "cardgen/report/pages.py", _m("cardgen/report/pages.py", "x_problems_shown"),
           ("tests/test_terminal_words.py",)),
    Target("fix_line_shown", "cardgen/report/pages.py",
           _m("cardgen/report/pages.py", "x_shown_problem"),
           ("tests/test_terminal_figures.py",)),
    Target("note_once", "cardgen/report/commands.py", _m("cardgen/report/commands.py", "x_once"),
           ("tests/test_terminal_figures.py",)),
    Target("progress_same_file", "cardgen/simulate/validate.py", _m("cardgen/simulate/validate.py", "x_same_file"),
           ("tests/test_terminal_figures.py",)),
    # issue 53: check --lang and build's lines from wordbooks; why a card is not judged, said with its figures
    Target("check_words", "cardgen/games/base.py", _m("cardgen/games/base.py", "x_worded_check", "x__filled",
                                                      "x_worded_part", "x_listed", "x_card_names",
                                                      "xǁCheckResultǁwords"), ("tests/test_check_words.py",)),
    # issue 53: a failing check's parts and the errors of bad input in the command's language
    Target("royale_check_parts", "cardgen/games/royale/checks.py",
           _m("cardgen/games/royale/checks.py", "x_static_checks", "x__imposters", "x__satisfiable"),
           ("tests/test_check_words.py",)),
    Target("error_words", "cardgen/errors.py", _m("cardgen/errors.py", "x_said", "x_kind_word", "xǁInputErrorǁsaid",
                                                  "xǁInputErrorsǁlines", "x__rebuild", "x_worded", "x_field_said"),
           ("tests/test_error_words.py", "tests/test_error_keys.py", "tests/test_error_lines_lang.py",
            "tests/test_error_words_mutants.py")),
    # issue 53: a write refused in the command's language, the impact strip's ends signed like its cells
    Target("output_refusals", FI, _m(FI, "x__why", "x_write_error", "x_check_output_dir", "x_check_output_file"),
           ("tests/test_fileio.py", "tests/test_error_lines_lang.py", "tests/test_output_refusals_mutants.py")),
    Target("impact_ends", "cardgen/report/impact.py", _m("cardgen/report/impact.py", "x__ends"),
           ("tests/test_report_impact.py",)),
    Target("check_lines", "cardgen/inspect.py", _m("cardgen/inspect.py", "x_format_checks", "x_checks_summary"),
           ("tests/test_check_words.py",)),
    Target("build_summary", UN, _m(UN, "x_build_summary"), ("tests/test_check_words.py", "tests/test_unchanged.py")),
    Target("not_judged_words", SU, _m(SU, "x_not_judged_words"), ("tests/test_true_statements.py",)),
    Target("verdict", VE, _m(VE, "x_size", "x_speaks", "x_headline_metrics", "x_verdict", "x_card_sentence",
                             "x_tally_name", "x_unfinished", "x_sentence", "x_label", "x_unit", "x_counted_length"),
           ("tests/test_verdict.py", "tests/test_verdict_mutants.py", "tests/test_verdict_sentences.py",
            "tests/test_verdict_words_mutants.py", "tests/test_terminal.py")),
    # issue 50 item 4: which card is too strong, in play (cards exchanged mid-game, both futures played)
    Target("card_exchange", "cardgen/simulate/exchange.py", ("",), ("tests/test_exchange.py", "tests/test_exchange_mutants.py")),
    Target("designer_figures", DE, _m(DE, "x_game_figures", "x__runner_up", "x__kingmade", "x_card_rows"),
           ("tests/test_designer.py", "tests/test_designer_mutants.py", "--deselect",
            "tests/test_designer.py::test_designer_figures_are_the_same_on_every_engine")),
    # a game traced as the reference engine plays it, not replayed after (issue 49: a first validate's time)
    Target("designer_tracer", DE, _m(DE, "xǁTracerǁ*", "x_trace_game"),
           ("tests/test_designer_tracer.py", "tests/test_designer.py", "--deselect",
            "tests/test_designer.py::test_designer_figures_are_the_same_on_every_engine")),
    Target("runner_tracer", "cardgen/simulate/runner.py", _m("cardgen/simulate/runner.py", "x_designer_trace",
                                                             "x_new_tracer"), ("tests/test_designer_tracer.py",)),
    # what prints as written, below every stage (issue 37)
    Target("printable", PR, _m(PR, "x_char_problem", "x_string_problems", "x_unprintable_texts"),
           ("tests/test_printable.py", "tests/test_resolve.py")),
    # issue 34: every terminal line in the user's language, things by their names, never an id
    Target("terminal_words", TE, ("",), ("tests/test_terminal.py",)),
    Target("terminal_summary", SU, _m(SU, "x_format_entry", "x_failure_lines", "x_failed_line", "x_length_line",
                                      "x_balance_lines", "x_shortfall_line", "x_tally_words", "x_joined"),
           ("tests/test_terminal.py", "tests/test_balance.py", "tests/test_simulate_validate.py")),
    # report pages as autoescaped templates, charts' geometry, one percentage formatter (issue 34)
    Target("report_templating", RT, ("",), REPORT_TESTS),
    Target("report_charts", RS, _m(RS, "x__pc", "x__num", "x_element", "x_text_at", "x_chart", "x__grid_lines",
                                   "x__whisker", "x__vertical", "x_overlay_svg", "x_grouped_rates_svg",
                                   "x_spread_svg", "x_differences_svg"), REPORT_TESTS),
    Target("report_pages", RP, _m(RP, "x_changes_box", "x_short_warnings", "x__fairness", "x_metrics_table",
                                  "x_deck_page", "x_compare_page"), REPORT_TESTS),
    Target("report_cards", RI, _m(RI, "x_strip", "x_impact_block", "x__scale", "x__not_judged"),
           (*REPORT_TESTS, "tests/test_true_statements.py")),
    # each flagged problem's way to tested fixes: fix's command or its record beside the report (issue 54)
    Target("report_fix_hint", RP, _m(RP, "x_fixable", "x_fix_hint"), ("tests/test_fix_report.py",)),
    # a deck's declared targets: one range type, its errors in our words (issue 54)
    Target("schema_targets", "cardgen/model/schema.py", _m("cardgen/model/schema.py", "x__target_range",
                                                           "x_target_range"), ("tests/test_fix_targets.py",)),
    # validate's and tune's pages in --lang, rules and figures by the game's names (issue 34)
    Target("report_tuning", TU, _m(TU, "x_param_name", "x_metric_name", "x_settings_text", "x__trial_row",
                                   "x_render_tuning"), REPORT_TESTS),
    Target("report_validation", VA, _m(VA, "x_section", "x__num"), REPORT_TESTS),
    # issue 53, fifteenth reading: a special case said after who settles it, one decimal count per column, a chart
    # title never breaking before French's ":", a one-game chart without legend, a figure defined after a colon
    Target("pages_fifteenth_tables", VA, _m(VA, "x_gap_source", "x_dist_rows", "x__mean"),
           ("tests/test_pages_fifteenth.py", "tests/test_report_pages.py")),
    Target("pages_fifteenth_charts", RS, _m(RS, "x_title_lines", "x__games_tip"), ("tests/test_pages_fifteenth.py",)),
    Target("pages_fifteenth_words", RP, _m(RP, "x_defined", "x_runs_index"),
           ("tests/test_pages_fifteenth.py", "tests/test_report_pages.py")),
    Target("pages_fifteenth_runs", "cardgen/report/runs.py", _m("cardgen/report/runs.py", "x_counted_changes"),
           ("tests/test_pages_fifteenth.py",)),
    # a missing project code file's "did you mean": code files and packages of its own folder, inside the project
    Target("code_path_hint", "cardgen/usercode.py", _m("cardgen/usercode.py", "x_resolve_code_path",
                                                       "x__code_files_beside"), ("tests/test_usercode.py",)),
    Target("report_names", SU, _m(SU, "x_difference_line", "x_counted_first", "xǁNamingǁvalue", "xǁNamingǁrule",
                                  "xǁNamingǁof_decks"), ("tests/test_report_words.py", "tests/test_report_pages.py")),
    Target("action_names", "cardgen/games/base.py", _m("cardgen/games/base.py", "x_name_action"),
           ("tests/test_action_names.py",)),
    Target("refuse_stalled", "cardgen/simulate/failures.py", _m("cardgen/simulate/failures.py", "x_refuse_stalled"),
           ("tests/test_failed_games.py",)),
    Target("csv_separator", "cardgen/load/tables.py", _m("cardgen/load/tables.py", "x__separator"),
           ("tests/test_tables.py",)),
    Target("rules_syntax_error", "cardgen/games/project.py", _m("cardgen/games/project.py", "x_syntax_error"),
           ("tests/test_games_project.py::test_check_reports_a_syntax_error_of_the_rules_file_as_validate_does_"
            "without_importing_it",)),
    # project code contained (issue 51): the supervisor's table, the guard's refusals, a seat's view
    Target("contain", "cardgen/contain.py", _m("cardgen/contain.py", "x_set_memory_limit", "x__limit_memory",
                                               "x__claim", "x__alive", "x_enter", "x_leave", "x_supervise", "x__watch",
                                               "x__ended", "x__kill_all", "x_note_copy", "x__copied",
                                               "x_note_language", "x__interrupted"),
           ("tests/test_contain_table.py", "tests/test_contain.py")),
    Target("guard_escapes", "cardgen/guard.py", _m("cardgen/guard.py", "x_call", "x__no_atexit", "x__before_fork",
                                                   "x__in_fork_child"),
           ("tests/test_contain_table.py::test_a_guarded_call_writes_itself_into_the_table_and_clears_its_deadline",
            "tests/test_contain_table.py::test_a_copy_made_through_c_in_project_code_ends_at_once_and_is_noted_for_"
            "the_supervisor",
            "tests/test_contain_table.py::test_the_guards_refusals_are_worded_whole_and_a_thread_marks_the_process",
            "tests/test_contain.py", "tests/test_guard.py")),
    Target("seat_view", "cardgen/engine/seatview.py", ("",), ("tests/test_seatview.py",)),
    # compare that stops when it knows (issue 50): the looks, their levels, the stop and what it says
    Target("sequential", "cardgen/simulate/sequential.py", ("",), ("tests/test_sequential.py",)),
    # the worth of an option a house rule adds (issue 50): offers, paired play-outs, their sums and verdict
    Target("options", "cardgen/simulate/options.py", ("",), ("tests/test_options.py",)),
    Target("compare_looks", CP, _m(CP, "x_run_compare", "x__changed", "x_metric"),
           ("tests/test_sequential.py", "tests/test_compare.py")),
    # the eleventh reading's new functions (issue 53), each with the tests planted bugs showed to catch them
    Target("draco_bank", "cardgen/games/draco/bank.py", ("",), ("tests/test_draco_bank_words.py", "tests/test_draco_engine.py")),
    Target("margins", ST, _m(ST, "x_margins"), ("tests/test_margin.py", "tests/test_stats_mutants.py")),
    Target("fix_words", "cardgen/tune/fix.py", _m("cardgen/tune/fix.py", "x_within_chance", "x_shared_verdicts"),
           ("tests/test_fix.py", "--deselect",
            "tests/test_fix.py::test_a_box_short_of_silver_gets_the_smallest_cure_tried_checked_on_fresh_seeds")),
    Target("compare_order", "cardgen/simulate/verdict.py", _m("cardgen/simulate/verdict.py", "x_table_order",
                                                              "x_named_metrics", "x_stopped_quiet"),
           ("tests/test_verdict.py", "tests/test_verdict_sentences.py", "tests/test_terminal.py")),
    Target("check_once", "cardgen/check/static.py", _m("cardgen/check/static.py", "x_said_once"),
           ("tests/test_king_lui_deck.py", "tests/test_check_words.py")),
    Target("card_name", "cardgen/text.py", _m("cardgen/text.py", "x_card_name"),
           ("tests/test_text.py", "tests/test_draco_check_words.py")),
    # a King Lui house rule compiled with the game's steps (issue 50 item 1): what keeps a rule out and says why
    # (the engine's half, ``compiled_hooks``), how the loop names the actions a rule adds (``compiled_words``), which
    # of its actions the game's own rules allow now (King Lui's half)
    Target("house_compiled_hooks", "cardgen/engine/compiled_hooks.py",
           _m("cardgen/engine/compiled_hooks.py", "x_why_not", "x_first_generator"), ("tests/test_house_compiled.py",)),
    Target("house_compiled_words", "cardgen/engine/compiled_words.py",
           _m("cardgen/engine/compiled_words.py", "x_code_of_words", "x_words_of_code", "x_added_words", "x_game_code"),
           ("tests/test_house_compiled.py",)),
    # the parts every game's half is made of (issue 50 step 3a): the legal defaults made of a game's kernel, the
    # covered look-ahead's glue, how many games a guarded loop call plays, the guarded call itself, a house tier's batch
    # calls; the apply default (which of the rule's actions the game's own rules allow now), the hooked steps, the
    # rule's loops bound once per game and rule text
    Target("house_compiled_parts", "cardgen/engine/compiled_parts.py",
           _m("cardgen/engine/compiled_parts.py", "x_legal_defaults", "x_house_cover", "x_house_batch", "x_guarded",
              "xǁHouseCallsǁ*", "x__apply_impl", "x_apply_default", "x_hooked_legal", "x_hooked_apply",
              "x_steps_signatures", "x_house_loop"),
           ("tests/test_house_compiled.py", "tests/test_draco_house.py", "tests/test_house_compiled_contain.py",
            "tests/test_royale_house.py")),
    Target("house_compiled_view", "cardgen/games/king_lui/compiled_house.py",
           _m("cardgen/games/king_lui/compiled_house.py", "x_own_code"), ("tests/test_house_compiled.py",)),
    # Draco's half of a house rule compiled with the game's steps (issue 50 step 2): a row's code, the view's numbers
    # and helpers against the reference state's, the seat to move read from the record, the record's chance
    Target("house_compiled_draco", "cardgen/games/draco/compiled_house.py",
           _m("cardgen/games/draco/compiled_house.py", "x_row_key", "x_codes_of", "x_code_of_row", "x_phase_word",
              "x_money_of", "x_hand_count", "x_pay_of", "x_collect_of", "x_seat_to_move", "x_queue_start",
              "x_chance_of", "x_cover_standing"),
           ("tests/test_draco_house.py",)),
    # Royale's half of a house rule compiled with the game's steps (issue 50 item 1): an action's code per seat, the
    # view's names and helpers against the reference state's, the game's own legal codes, the record's chance
    Target("house_compiled_royale", "cardgen/games/royale/compiled_house.py",
           _m("cardgen/games/royale/compiled_house.py", "x_codes_of", "x_own_codes", "x_current_of", "x_phase_word",
              "x_seat_row", "x_in_hand_of", "x_slot_of", "x_open_nobles_of", "x_cards_under_of", "x_end_turn_of",
              "x_give_turn_of", "x_chance_of"),
           ("tests/test_royale_house.py",)),
    # the default players' look-ahead written for compiled code (issue 50 item 2): its arithmetic and memory against
    # the Python functions, its decisions through whole games against the reference engine
    Target("cover_loop", "cardgen/engine/coverloop.py",
           _m("cardgen/engine/coverloop.py", "x_paired_difference", "x_settled_early", "x_clearly_behind",
              "x_paired_verdict", "x_record", "x_getrandbits64", "x_covered", "x_look", "x_quick", "x_split"),
           ("tests/test_house_covered.py",)),
    # search on a house rule compiled with its steps (issue 50): a rule that changes nothing searches as the base game
    Target("house_search", "cardgen/games/king_lui/compiled_search.py",
           _m("cardgen/games/king_lui/compiled_search.py", "x_house_context", "x_house_rollout", "x__house_advice",
              "x__house_legal", "x__house_play", "x__house_reward", "x_root_codes", "x_house_search"),
           ("tests/test_house_search.py",)),
    # the Draco heuristic's forecast compiled for a house rule's look-ahead (issue 50 item 1): the same values and
    # choices as the lists; ``forecast`` itself is numba code, so its Python glue is the target
    Target("draco_compiled_forecast", "cardgen/games/draco/compiled_forecast.py",
           _m("cardgen/games/draco/compiled_forecast.py", "xǁ_Arraysǁ__init__", "xǁ_Arraysǁroom",
              "xǁCompiledHeuristicǁforecast"), ("tests/test_draco_compiled_forecast.py",)),
    # a Draco house rule's validate builds the tier whose agents offer compiled rollouts (the forecast), in the background
    Target("validate_rollout_build", "cardgen/simulate/validate.py",
           _m("cardgen/simulate/validate.py", "x__build_for_rollouts", "x__offers_rollouts"),
           ("tests/test_draco_rollout_form.py",)),
    Target("draco_heuristic_rollouts", "cardgen/games/draco/heuristic.py", ("",),
           ("tests/test_draco_rollout_form.py", "tests/test_draco_compiled_forecast.py")),
    Target("options_futures", "cardgen/simulate/options.py", _m("cardgen/simulate/options.py", "x__future", "x_pair"),
           ("tests/test_house_covered.py", "tests/test_house_options.py")),
    Target("house_tiers", HO, _m(HO, "x_compiles_hooks", "x_speed_note", "x_defined_hooks"),
           ("tests/test_house.py", "tests/test_house_compiled.py", "tests/test_tiers.py")),
    # the compiled tier's marks in the cache (built, being built, waited for), apart so that runner and autoengine
    # never import each other
    Target("tier_marks", "cardgen/simulate/tier_marks.py", ("",), ("tests/test_autoengine.py", "tests/test_exchange.py")),
    Target("autoengine_house", "cardgen/simulate/autoengine.py",
           _m("cardgen/simulate/autoengine.py", "x__game_tier", "x_compiled_here", "x_compile_rollouts"),
           ("tests/test_autoengine.py", "tests/test_house_compiled_contain.py", "tests/test_draco_rollout_form.py")),
    # the eleventh reading's last words (issue 53): hardly-played cards, wide intervals, counts in words
    Target("hardly_played", "cardgen/simulate/cards.py", _m("cardgen/simulate/cards.py", "x_hardly_played"),
           ("tests/test_terminal_vocabulary.py", "tests/test_cards.py")),
    Target("wide_intervals", "cardgen/simulate/verdict.py", _m("cardgen/simulate/verdict.py", "x_wide_intervals"),
           ("tests/test_terminal_vocabulary.py", "tests/test_verdict.py")),
    Target("cardinal", "cardgen/text.py", _m("cardgen/text.py", "x_cardinal"), ("tests/test_text.py",)),
    # the twelfth reading's costliest faults (issue 53): a fix's chance, compare's balance owner, hardly-played flags
    Target("fix_chance", "cardgen/tune/fix.py", _m("cardgen/tune/fix.py", "x_slight", "xǁFixerǁslightly_left", "x_held_line",
                                                   "x_cured_text", "x_chance_pairs"),
           ("tests/test_fix_overstated.py", "tests/test_fix.py")),
    Target("compare_balance", "cardgen/simulate/summary.py",
           _m("cardgen/simulate/summary.py", "x_variant_imbalance", "x_compare_balance"),
           # the two tests that build compare's balance (the file's others start a cardgen process, which the
           # mutated copy cannot import)
           ("tests/test_terminal_words.py::test_compare_says_a_seat_imbalance_on_its_screen_and_whose_it_is",
            "tests/test_terminal_words.py::test_compare_offers_the_variant_a_fix_only_for_an_imbalance_it_brings",
            "tests/test_terminal_words.py::test_compare_s_balance_line_whole_in_each_case",
            "tests/test_terminal_words.py::test_compare_s_balance_lines_follow_the_language_and_an_agent_keeps_its_own_line",
            "tests/test_compare_page_words.py")),
    Target("held_flag", "cardgen/simulate/designer.py", _m("cardgen/simulate/designer.py", "x_card_rows"),
           ("tests/test_terminal_vocabulary.py", "tests/test_designer.py")),
    # the books' last half-empty pages (issue 53 item 5): three layout rules
    Target("typeset_fill", "cardgen/rulebook/typeset.py",
           _m("cardgen/rulebook/typeset.py", "xǁRulebookDocǁsets_example_first", "xǁRulebookDocǁpart_closing",
              "xǁRulebookDocǁlifts_last_topic"),
           ("tests/test_rulebook_pages.py", "tests/test_rulebook_layout.py")),
    # the seventeenth reading's round (issue 53): the pairs a compare played, one interval's decimals, the counts not
    # named above, the levers no trial changed, the games an indicator keeps said once, the gallery's warned counts
    Target("compare_counts", "cardgen/simulate/summary.py",
           _m("cardgen/simulate/summary.py", "x_games_played", "x_marked_ends", "x_internal_line", "x_designer_lines"),
           ("tests/test_compare_issue53.py", "tests/test_terminal_words.py", "tests/test_verdict.py",
            "tests/test_validate_words_fifteenth.py")),
    Target("fix_untried", "cardgen/tune/fix.py", _m("cardgen/tune/fix.py", "x_untried_levers", "x_untried_line"),
           ("tests/test_fix_untried.py",)),
    Target("gallery_warned", "cardgen/report/gallery.py", _m("cardgen/report/gallery.py", "x__reports", "x_update_gallery"),
           ("tests/test_gallery_words.py", "tests/test_gallery_words_mutants.py", "tests/test_gallery.py")),
    # the process around any command (issue 49 item 4): failures as lines and codes, "interrupted" once
    Target("lifecycle", "cardgen/lifecycle.py", ("",),
           ("tests/test_cli.py", "tests/test_terminal.py", "tests/test_guard.py", "tests/test_lifecycle.py",
            "tests/test_lifecycle_mutants.py")),
    # compiled Jinja2 templates kept between runs for the rulebook and the report (issue 49: a command's fixed cost)
    Target("jinjacache", "cardgen/jinjacache.py", ("",), ("tests/test_templating_cache.py",)),
    Target("numba_inline", "cardgen/speedups/numba_inline.py", ("",), ("tests/test_speedups_numba.py",)),
    # a search's copy of a position: its generator's state, its own lists (issue 50: no seeding per copy)
    Target("statecopy", "cardgen/engine/statecopy.py", ("",), ("tests/test_statecopy.py",)),
]


#: Copied to ``mutants/``, which the tests' subprocesses (``python -m cardgen`` with PYTHONPATH there)
#: have on their path: a mutated module imports mutmut, whose settings are read from the working
#: folder at import, and a test's subprocess runs in a temporary project. Reading them once from the
#: copy's folder lets it run the active mutant (MUTANT_UNDER_TEST is inherited) instead of failing.
SITECUSTOMIZE = '''"""mutmut's settings for subprocesses of the tests (written by benchmarks/mutation.py)."""
import os

if "MUTANT_UNDER_TEST" in os.environ:
    _here = os.getcwd()
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    try:
        from mutmut.configuration import config

        config()
    finally:
        os.chdir(_here)
'''


#: Appended to the copy's tests/conftest.py. Its session check fails a run that changed a file of the
#: checkout; under mutmut the checkout is ``mutants/``, where mutmut records each result (``*.meta``)
#: while other mutants' tests run: with two children, every mutant whose tests were running then was
#: counted killed. The check keeps watching every other file.
CONFTEST_TAIL = '''

if "tree_listing" in globals():  # written by benchmarks/mutation.py into its copy only
    _tree_listing = tree_listing

    def tree_listing(root):
        return {k: v for k, v in _tree_listing(root).items()
                if not k.endswith((".meta", ".spans")) and not k.startswith("mutmut-")}
'''


def _setup(t: Target, before: bool, names: bool = False) -> Path:
    """A fresh copy of the checkout with a setup.cfg that points mutmut at one file; a ``--names`` re-run
    gets its own folder, so it never deletes the folder of a whole run still going."""
    work = SCRATCH / (t.name + ("-before" if before else "") + ("-names" if names else ""))
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for item in COPY:
        src = ROOT / item
        if src.is_dir():
            shutil.copytree(src, work / item, ignore=shutil.ignore_patterns("__pycache__", "out"))
        elif src.exists():
            shutil.copy2(src, work / item)
    # test files not written yet are left out; options (--deselect ...) and their values are kept
    tests = [x for x in t.tests if not x.startswith("tests/") or (ROOT / x.split("::")[0]).exists()]
    if before:  # the score before the tests written to kill survivors
        tests = [x for x in tests if not x.split("::")[0].endswith("_mutants.py")]
    selection = "\n    ".join(tests)
    (work / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    conftest = work / "tests" / "conftest.py"
    conftest.write_text(conftest.read_text(encoding="utf-8") + CONFTEST_TAIL, encoding="utf-8")
    (work / "setup.cfg").write_text(
        "[mutmut]\n"
        "source_paths = cardgen/\n"
        f"only_mutate = {t.source}\n"
        "also_copy =\n    decks/\n    variants/\n    templates/\n    docs/\n    README.md\n    sitecustomize.py\n"
        # one argument a line (mutmut reads a one-line value as a single argument); ``-n 0`` overrides the
        # project's ``-n auto``: mutmut sees which test calls which function only in its own process
        "pytest_add_cli_args =\n    -p\n    no:cacheprovider\n    -q\n    -n\n    0\n"

        f"pytest_add_cli_args_test_selection =\n    {selection}\n"
        "mutate_only_covered_lines = false\n",
        encoding="utf-8")
    return work


STATUS = re.compile(r"^\s*(\S+__mutmut_\d+): (.+)$")


def run(t: Target, children: int, survivors: bool, before: bool = False,
        names: list[str] | None = None) -> dict[str, int]:
    work = _setup(t, before, names is not None)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the mutated copy must win
    # the rule steps as written, not inlined (cardgen.engine.inline): each mutant's function is the one called
    env["CARDGEN_SPEEDUPS"] = "-inline"
    globs = [g for g in t.functions if g]
    if names is not None:  # re-run only these mutants (the survivors of an earlier run)
        globs = [n for n in names if any(_match(n, g) for g in globs or ["*"])]
        if not globs:
            return {}
    subprocess.run(["mutmut", "run", "--max-children", str(children), *globs], cwd=work, env=env,
                   stdout=subprocess.DEVNULL, check=False)
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=work, env=env,
                         capture_output=True, text=True, check=False).stdout
    counts: dict[str, int] = {}
    left: list[str] = []
    for line in out.splitlines():
        m = STATUS.match(line)
        if not m or (globs and not any(_match(m.group(1), g) for g in globs)):
            continue
        status = m.group(2).strip()
        counts[status] = counts.get(status, 0) + 1
        if status in ("survived", "no tests"):
            left.append(m.group(1))
    if survivors:
        for name in left:
            diff = subprocess.run(["mutmut", "show", name], cwd=work, env=env, capture_output=True,
                                  text=True, check=False).stdout
            print(f"--- {name}\n{diff}")
    return counts


def _match(name: str, glob: str) -> bool:
    from fnmatch import fnmatch
    return fnmatch(name, glob)


def score(c: dict[str, int]) -> tuple[int, int, float]:
    killed = c.get("killed", 0) + c.get("timeout", 0)
    denom = killed + c.get("survived", 0) + c.get("no tests", 0)
    return killed, denom, (100.0 * killed / denom if denom else float("nan"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("targets", nargs="*", help="target names (default: all)")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--survivors", action="store_true", help="print the diff of each survivor")
    ap.add_argument("--children", type=int, default=2)
    ap.add_argument("--names", type=Path, help="a file of mutant names: re-run only those (survivors)")
    ap.add_argument("--before", action="store_true",
                    help="leave out tests/*_mutants.py (the score before the survivors were triaged)")
    a = ap.parse_args(argv)
    chosen = [t for t in TARGETS if not a.targets or t.name in a.targets]
    if a.list:
        for t in chosen:
            print(f"{t.name}: {t.source} {' '.join(t.functions) or '(whole file)'} <- {' '.join(t.tests)}")
        return 0
    names = a.names.read_text(encoding="utf-8").split() if a.names else None
    print(f"{'target':18} {'killed':>6} {'total':>6} {'score':>7}  statuses")
    for t in chosen:
        c = run(t, a.children, a.survivors, a.before, names)
        k, d, s = score(c)
        print(f"{t.name:18} {k:6d} {d:6d} {s:6.1f}%  {dict(sorted(c.items()))}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
