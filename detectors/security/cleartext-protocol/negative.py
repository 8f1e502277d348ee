import ftplib

ftp = ftplib.FTP_TLS("files.example.com")
ftp.prot_p()
