"""The Fight phase's resolution ('Working Out a Fight'): resolution.py steps a fight from
declaring to its end; defending.py the duels of 'Defending in Multiple Fights'; backing.py
the loser's backing away; weapons.py the weapons each side fights with. These are the parts
of one phase and import each other; the other phases never import them."""
