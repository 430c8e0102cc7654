"""`palantir analyze`: run the grid, print a table per cell, draw the PNG, or print JSON."""

from __future__ import annotations

import json
import sys

from ..engine.options import parse_option_pairs
from .grid import AnalysisError
from .sweep import run_analysis


def analyze_command(args) -> int:
    """Run the analysis the arguments describe; the table (or JSON) goes to stdout."""
    fixed = parse_option_pairs(args.option)
    agents = args.agents.split(",") if args.agents is not None else None
    if args.plot is not None and not args.plot.lower().endswith(".png"):
        raise AnalysisError(f"--plot '{args.plot}': expected a file name ending in .png")
    # The bar goes to stderr; hide it only where it would be noise in a machine's log.
    progress = not (args.json and not sys.stderr.isatty())
    analysis = run_analysis(args.game, args.sweep or (), agents, args.games, args.seed,
                            args.workers, fixed, progress, args.keep_going, out=args.out,
                            resume=args.resume, backend=args.backend,
                            address=args.address)
    if args.plot is not None:
        from .plots import plot_analysis
        try:
            plot_analysis(analysis, args.plot)
        except OSError as exc:
            raise AnalysisError(f"--plot '{args.plot}': cannot write it "
                                f"({exc.strerror or exc})") from None
    if args.json:
        print(json.dumps(analysis.to_json()))
    else:
        print(analysis.table())
        if args.plot is not None:
            print(f"plot: {args.plot}")
        if args.out is not None:
            print(f"results: {sum(c.games for c in analysis.cells)} games in {args.out}")
    return 0
