"""`python -m palantir.server`: the same as `palantir serve`."""

import argparse
import sys

from . import add_serve_parser
from .app import serve_command

if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m palantir.server")
    add_serve_parser(parser.add_subparsers(dest="command", required=True))
    sys.exit(serve_command(parser.parse_args(["serve", *sys.argv[1:]])))
