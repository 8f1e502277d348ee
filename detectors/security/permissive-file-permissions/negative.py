import os

os.chmod("/srv/app/run.sh", 0o755)
os.makedirs("/srv/app/uploads", mode=0o700, exist_ok=True)
