"""Continuous geometry of hexagonal bases on a mat, pure and headless: exact overlaps, gaps, sweeps and sight."""
