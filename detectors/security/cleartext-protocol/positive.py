import ftplib
import telnetlib

ftp = ftplib.FTP("files.example.com")  # expect: cleartext-protocol
shell = telnetlib.Telnet("router.local")  # expect: cleartext-protocol
