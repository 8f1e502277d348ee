from datetime import datetime, timezone

created = datetime.now(timezone.utc)
