#!/usr/bin/env python3
"""Writes data/home/history.json: a year of a regular's rewards history in the server's format
(docs/home-format.md, "History"). Deterministic, so re-running it changes nothing.

    tools/home-history.py > data/home/history.json
"""
import datetime as dt
import json
import random
from zoneinfo import ZoneInfo

zone = ZoneInfo("America/New_York")
rng = random.Random(17)
end = dt.datetime(2026, 11, 20, 17, 42, 5, tzinfo=zone)
start = end - dt.timedelta(days=365)
rows = []
day = start
balance = 0
next_id = 699_500_000
while day <= end:
    # Most weekdays a coffee on the way to work, sometimes one in the afternoon; fewer at weekends.
    visits = []
    if day.weekday() < 5 and rng.random() < 0.62:
        visits.append(day.replace(hour=7 + rng.randrange(3), minute=rng.randrange(60), second=rng.randrange(60)))
    if rng.random() < 0.18:
        visits.append(day.replace(hour=13 + rng.randrange(4), minute=rng.randrange(60), second=rng.randrange(60)))
    for when in visits:
        stars = rng.choice([8, 10, 12, 12, 14, 18, 24])
        next_id += rng.randrange(1, 4000)
        rows.append({"id": next_id, "type": "earned", "amount": str(stars), "processed_at": when})
        balance += stars
        if rng.random() < 0.05:
            next_id += 1
            rows.append({"id": next_id, "type": "bonus", "amount": str(rng.choice([25, 50])), "processed_at": when + dt.timedelta(seconds=2)})
        if balance >= 150 and rng.random() < 0.35:
            cost = rng.choice([25, 100, 150, 150, 200])
            next_id += 1
            rows.append({"id": next_id, "type": "redeemed", "amount": str(cost), "processed_at": when + dt.timedelta(minutes=1)})
            balance -= cost
    day += dt.timedelta(days=1)

rows.sort(key=lambda r: r["processed_at"], reverse=True)
for r in rows:
    r["processed_at"] = r["processed_at"].isoformat(timespec="seconds")
print(json.dumps({"transactions": rows}, indent=2))
