from datetime import datetime

created = datetime.utcnow()  # expect: naive-utc-datetime
