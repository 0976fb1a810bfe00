"""Today's bots as they were before issue 12 §5, kept verbatim as the baseline the new bots are measured
against (bench/bench_bots.py). Everrain's lived in engine/everrain/__init__.py as bot_choose."""
