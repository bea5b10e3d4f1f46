"""Ballmonsters!: flicked hex-based monsters that bite, boing and fall into portals."""
