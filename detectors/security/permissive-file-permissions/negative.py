import os

os.chmod("/srv/app/run.sh", 0o755)
os.makedirs("/srv/app/uploads", mode=0o777, exist_ok=True)
fd = os.open("/srv/app/log", os.O_CREAT | os.O_WRONLY, 0o666)
