variable "vm_size" {
  type        = string
  default     = "Standard_NC6s_v3"
  description = <<EOF
The size of the VM. A } or a { in here changes nothing.
EOF
}

variable "env" {
  type = string
}
