// The Linux event calls the HTTP server's loops use, which Swift's Glibc module does not export.
#include <sys/epoll.h>
#include <sys/eventfd.h>
