"""`python -m navwright.demo`: serve the demo shop until Ctrl-C."""

from navwright.demo.cli import main

if __name__ == "__main__":
    main()
