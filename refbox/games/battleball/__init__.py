"""Battleball (Milton Bradley, 2003): two coaches, eleven players a side, a die per position."""
