"""Pure rules of Skirmish Ledger: no I/O, no clock, no global random."""
