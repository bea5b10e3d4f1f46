"""Pure geometry the games call: grids, the inch field, the continuous mat."""
