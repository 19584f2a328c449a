"""Operations: what operators run the platform with (audit log, sanctions, dashboard, metrics)."""
