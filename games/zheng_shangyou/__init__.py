"""Zheng Shangyou ("struggle upwards"): three players each for themselves, one deal of 48 cards."""

from games.zheng_shangyou.declaration import GAME

__all__ = ["GAME"]
