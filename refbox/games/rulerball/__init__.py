"""Rülerball (J.P. Trostle, 2009): the clock, the twelve-sector sweep and the ball, refereed."""
