"""What Texas Hold'em and One Poker share: no-limit betting, pots, hand values and event logs.

Not a game itself (it exposes no ``GAME``), so the registry skips it; both poker packages import
from here so the betting rules (raise-to totals, the full-raise rule, short all-ins, refunds of
uncalled excess) exist exactly once.
"""
